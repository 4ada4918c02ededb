"""rules: tabletop rulebooks stated precisely enough to run, prove and argue about.

- :mod:`rules.kernel`: spec records, rule registry, verdicts, records, logic vocabulary.
- :mod:`rules.claim`: Claim (Czech *Trůn*).
- :mod:`rules.games`: look a game up by its record key.
- :mod:`rules.sphinx`: the Sphinx extension with the ``rule`` domain.
"""

__version__ = "0.1.0"
