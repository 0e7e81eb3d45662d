import os
import sys

# Tests import helpers.py from this folder; the package itself is installed (editable).
sys.path.insert(0, os.path.dirname(__file__))

from hypothesis import settings  # noqa: E402

settings.register_profile("ci", deadline=None, derandomize=True, max_examples=60)
settings.load_profile("ci")
