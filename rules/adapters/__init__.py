"""Every game as an OpenSpiel game and as a PettingZoo environment (issue 21 §3).

Optional: ``pip install 'tabletop-rules[adapters]'``. Both adapters share
:mod:`rules.adapters.common`: the action numbering, the observations built
from a seat's view only, and the decider at a simultaneous turn.
"""
