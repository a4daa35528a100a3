"""``python -m bootstrap.worker …``: the RQ worker (`worker.main.run_worker`) alone, with
the composition root's contexts: no presence beat and no metrics port (those come
with `ttr worker`)."""

from __future__ import annotations

import sys

from bootstrap.context import context_for
from referee.settings import SettingsError
from worker.main import run_worker


def main() -> None:
    try:
        sys.exit(run_worker(None, context_for))
    except SettingsError as error:  # one line naming the variable, not a traceback
        sys.exit(f"ttr worker: {error}")


if __name__ == "__main__":
    main()
