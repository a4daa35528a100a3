/* Which parts of the table belong to which phase of the game: before the start the
 * table shows who sits and the invite (no hand, no market, no draw buttons); in play,
 * everything; once the game is over, the score and no in-game control (no market, no
 * moves, no countdown, no "Notify me on my turn", no connection badge). Each part is
 * marked with `data-phase` once, as the table is built, and the style sheet hides it
 * by the game's status on the page's body (`data-status`): nothing to keep in step on
 * each render, and a part's own `hidden` stays its own. */

/* The phases (app.css's "Polish" section hides by them):
 *   play        shown while playing: the moves, the market, the deadline
 *   until-end   shown while open or playing: the turn notice, the connection
 *   from-start  shown once started (playing, scoring, finished): my cards, my tickets */
export function markPhases(table) {
  const el = table.el;
  const mark = (phase, ...parts) => {
    for (const part of parts) if (part) part.dataset.phase = phase;
  };
  const section = (part) => part && (part.closest("section") || part);
  mark("play", el.actions, el.claim, el.hint, el.countdown, el.finalRound, el.settings,
    section(el.market));
  mark("until-end", el.notify, el.connection);
  mark("from-start", section(el.hand), section(el.tickets));
}
