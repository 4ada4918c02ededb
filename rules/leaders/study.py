"""What studies and the adapters ask of Leaders (decision record 0026).

The game object offers three capabilities of the kernel through
:class:`LeadersStudy`, which :class:`~rules.leaders.game.Leaders` inherits:

- ``HasScores`` (:mod:`rules.kernel.policies`): Leaders counts no points; a seat
  wins by capturing or surrounding the other leader alone (``leaders.goal``), so
  every seat scores 0 until then and the greedy policy plays for a win at once;
- ``HasPolicies``: ``forced-win``, the first action of a forced win whenever
  the solver finds one (:mod:`rules.leaders.policies`);
- ``HasActionSpace`` (:mod:`rules.kernel.study`): every action numbered for good,
  computed from the board and the characters rather than listed
  (:func:`action_space`, a :class:`~rules.kernel.study.ShapedSpace`): for each
  seat, ending the actions (``leaders.turn``), banishing each card
  (``leaders.advanced.banish``), recruiting each card onto each route, moving
  from each cell along each route, a Nemesis's forced move (``leaders.nemesis.forced-move``)
  and each active ability (``leaders.abilities``) from each cell with the target
  and destination its record names (:data:`ABILITY_FIELDS`). A *route* is one
  or two cells (:data:`LONGEST_ROUTE`: a move, a recruitment of the Hermit and
  Cub, an Acrobat's two jumps): 37 + 37² = 1,406 routes. In all 2 × 390,811 =
  781,622 numbers, the same in both modes (most are never legal: a fixed,
  state-free numbering, not a tight one);
- ``HasBounds``: the slot numbering's bound :data:`MOST_LEGAL_ACTIONS` (several
  times the most seen in random play, 133 over 15 seeded games), which
  PettingZoo keeps since a dense mask of 781,622 entries per step is too large
  (:mod:`rules.adapters.common`); a game need not end, so an adapter stops it
  after :data:`LONGEST_GAME` actions.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from rules.kernel.policies import Policy
from rules.kernel.study import Bounds, Field, Shape, ShapedSpace
from rules.leaders.board import CELLS
from rules.leaders.characters import CARDS
from rules.leaders.policies import forced_win_policy

#: the most legal actions a seat may have at one decision (a declared bound)
MOST_LEGAL_ACTIONS = 1024
#: the actions after which an adapter stops a game, which need not end
LONGEST_GAME = 300
#: every seat's score at any moment: Leaders has none (``leaders.goal``)
NO_SCORE = (0.0, 0.0)
#: the most cells of a route: a move or a Nemesis's move, the Hermit and Cub's two cells, an Acrobat's jumps
LONGEST_ROUTE = 2
#: the fields beyond ``piece`` an ability's record names (``rules.leaders.records.action_to_json``):
#: a target (:data:`~rules.leaders.records.TARGET_ABILITIES`), a one-cell destination ``to``, a
#: route ``path`` (:data:`~rules.leaders.records.PATH_ABILITIES`), the Claw Launcher's ``pull``
ABILITY_FIELDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "acrobat": ("path",), "royal-guard": ("path",), "rider": ("to",), "wanderer": ("to",),
    "bruiser": ("target", "to"), "manipulator": ("target", "to"), "brewmaster": ("target", "to"),
    "illusionist": ("target",), "claw-launcher": ("target", "pull"),
})


def _routes() -> tuple[list[list[int]], ...]:
    """Every route: one cell, then every pair of cells (:data:`LONGEST_ROUTE`)."""
    cells = [list(c) for c in CELLS]
    return tuple(list(route) for length in range(1, LONGEST_ROUTE + 1)
                 for route in itertools.product(cells, repeat=length))


def _space() -> ShapedSpace:
    """Every action of either mode (module docstring): per seat, the shapes in a fixed order.

    A field that several shapes and both seats share (a piece's cell, a route) is made once:
    a field indexes each of its values by its JSON, and the 1,406 routes of the eight shapes
    with a route, made anew for each, cost most of this module's import."""
    cells = tuple(list(c) for c in CELLS)
    routes = _routes()
    field = {name: Field(name, values) for name, values in (
        ("end", ("actions",)), ("banish", CARDS), ("recruit", CARDS), ("cells", routes), ("piece", cells),
        ("move", routes), ("nemesis", routes), ("target", cells), ("to", cells), ("path", routes),
        ("pull", (False, True)))}
    shapes = []
    for seat in (0, 1):
        me = Field("seat", (seat,))
        shapes += [Shape((me, field["end"])),
                   Shape((me, field["banish"])),
                   Shape((me, field["recruit"], field["cells"])),
                   Shape((me, field["piece"], field["move"])),
                   Shape((me, field["piece"], field["nemesis"])),
                   Shape((me, field["nemesis"]))]
        shapes += [Shape((me, Field("ability", (ability,)), field["piece"], *(field[name] for name in fields)))
                   for ability, fields in ABILITY_FIELDS.items()]
    return ShapedSpace(tuple(shapes))


#: the one numbering of both modes (module docstring)
#:
#: :meta hide-value:
ACTION_SPACE = _space()


class LeadersStudy:
    """Leaders' ``HasScores``, ``HasPolicies``, ``HasActionSpace`` and ``HasBounds`` (module docstring)."""

    bounds = Bounds(most_legal_actions=MOST_LEGAL_ACTIONS, longest_game=LONGEST_GAME)
    policies: Mapping[str, Callable[[], Policy]] = MappingProxyType({"forced-win": forced_win_policy})

    @staticmethod
    def scores(state: Any) -> tuple[float, ...]:
        """No points to count: 0 for both seats, whatever the state (module docstring)."""
        return NO_SCORE

    @staticmethod
    def action_space(variant: Any) -> ShapedSpace:
        """Every action of either mode, one numbering for both (module docstring)."""
        return ACTION_SPACE
