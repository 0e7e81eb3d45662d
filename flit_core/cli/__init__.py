"""The ``flit-arena`` command line. Each subcommand lives in its own module here."""

from .main import main

__all__ = ["main"]
