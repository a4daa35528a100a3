"""What `ttr` and `ttr worker` share in reading their arguments: a mistake is one line
and exit status 2, every default is shown in the help, numbers have a floor."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import NoReturn, TypeVar

USAGE_ERROR = 2
Number = TypeVar("Number", int, float)


class Parser(argparse.ArgumentParser):
    """argparse's parser, but a mistake is one line (no usage block), exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"{self.prog}: {message} (see {self.prog} --help)\n")


class HelpFormatter(argparse.ArgumentDefaultsHelpFormatter,
                    argparse.RawDescriptionHelpFormatter):
    """Every option's default in its help (but not a default of None), the description
    and epilog as written."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default is None or isinstance(action.default, bool):
            return action.help
        return super()._get_help_string(action)


def at_least(least: Number, kind: Callable[[str], Number]) -> Callable[[str], Number]:
    """An argparse type: a number of `kind` (int or float) no smaller than `least`."""
    what = "a whole number" if kind is int else "a number"

    def parse(raw: str) -> Number:
        try:
            value = kind(raw)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {what}, not {raw!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, not {value}")
        return value
    parse.__name__ = getattr(kind, "__name__", "number")
    return parse
