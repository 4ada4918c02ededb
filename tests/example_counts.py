"""How many examples the suite's costliest properties take under each Hypothesis profile.

The profiles (``dev``, ``ci``, ``thorough``) are registered in ``tests/conftest.py``. A few
properties play whole games with every step checked; at the profile's count they would be the
suite's slowest tests, so below ``thorough`` they take at most a fixed number of examples, chosen
per property (docs/performance.rst, "The test suite"; decision records 0030 and 0061), and under
``thorough`` every example of the profile.
"""

from __future__ import annotations

from hypothesis import settings


def below_thorough(at_most: int) -> int:
    """The loaded profile's ``max_examples``, at most ``at_most`` under any profile but ``thorough``."""
    count = settings().max_examples
    if count >= settings.get_profile("thorough").max_examples:
        return count
    return min(count, at_most)
