"""Z3 proofs of the games' invariants, run on the engine's own rule functions.

Principle: *proofs check the code that runs*. Every theorem calls the very
functions the engine calls (``rules.claim.trick``, ``rules.claim.scoring``),
but with the symbolic vocabulary of :mod:`rules.kernel.logic`, so the Z3 term
is built by the engine's code, not by a copy of it.

A theorem states a claim over a finite domain, asserts ``domain and not
claim`` and asks Z3: ``unsat`` means *proved*, ``sat`` gives a
*counterexample* (rendered readably from the model), anything else is
*unknown*. Implementations are injected by keyword (defaulting to the
engine's), which is how the mutation tests show that each proof *can* fail:
a proof that cannot fail is a defect. For the same reason a theorem whose
domain is unsatisfiable (vacuously true) is reported ``unknown``, never
``proved``.

This module is game-neutral: it collects ``THEOREMS`` from each game's
subpackage (``proofs.claim``, ``proofs.leaders``, ...), found by name.
"""

from __future__ import annotations

import functools
import inspect
import time
from collections.abc import Callable
from typing import Any

import attrs

from rules.kernel.logic import Logic, symbolic

PROVED = "proved"
COUNTEREXAMPLE = "counterexample"
UNKNOWN = "unknown"

#: Z3 timeout per theorem. Every Claim theorem needs milliseconds; the
#: timeout only bounds a regression (which then reports ``unknown``).
TIMEOUT_MS = 30_000


@attrs.frozen
class ProofResult:
    """The outcome of checking one theorem."""

    theorem: str
    status: str  # PROVED | COUNTEREXAMPLE | UNKNOWN
    seconds: float
    counterexample: str | None = None
    reason: str | None = None  # why the status is UNKNOWN

    @property
    def proved(self) -> bool:
        return self.status == PROVED

    def to_json(self, rules: tuple[str, ...]) -> dict[str, Any]:
        out: dict[str, Any] = {"theorem": self.theorem, "rules": list(rules),
                               "status": self.status, "seconds": round(self.seconds, 4)}
        if self.counterexample is not None:
            out["counterexample"] = self.counterexample
        if self.reason is not None:
            out["reason"] = self.reason
        return out


@attrs.frozen
class Obligation:
    """What a theorem body hands to the solver.

    ``domain``: the quantified variables' ranges; ``claim``: what must hold
    on all of them; ``explain(model)``: a counterexample in game words;
    ``smallest``: an optional integer term to minimise in a counterexample
    (a 2-card hand reads better than a 13-card one).
    """

    domain: Any
    claim: Any
    explain: Callable[[Any], str]
    smallest: Any = None


@attrs.frozen
class Theorem:
    """A named claim about the rules, citing the spec rule IDs it checks.

    ``check(**implementations)`` runs the proof; each keyword replaces one
    engine function (see the body's signature for the names), e.g.
    ``check(may_follow=broken)``. An unknown keyword is a ``TypeError``.
    """

    name: str
    rules: tuple[str, ...]
    statement: str
    check: Callable[..., ProofResult] = attrs.field(eq=False, repr=False)

    @property
    def game(self) -> str:
        return self.name.split(".", 1)[0]

    @property
    def injectable(self) -> tuple[str, ...]:
        """The implementation names ``check`` accepts."""
        return tuple(getattr(self.check, "injectable", ()))


def as_bool(term: Any) -> Any:
    """Rule functions may return Python booleans (constant flags); make a Z3 term."""
    import z3

    return z3.BoolVal(term) if isinstance(term, bool) else term


def prove(name: str, body: Callable[..., Obligation], implementations: dict[str, Any],
          timeout_ms: int = TIMEOUT_MS) -> ProofResult:
    """Build ``body``'s obligation with the symbolic vocabulary and decide it."""
    import z3

    start = time.perf_counter()
    L: Logic = symbolic()
    ob = body(L, **implementations)
    domain, claim = as_bool(ob.domain), as_bool(ob.claim)

    # Non-vacuity: a domain nothing satisfies would prove anything.
    sanity = z3.Solver()
    sanity.set(timeout=timeout_ms)
    sanity.add(domain)
    if sanity.check() != z3.sat:
        return ProofResult(name, UNKNOWN, time.perf_counter() - start,
                           reason="the theorem's domain is empty (the claim would hold vacuously)")

    solver = z3.Solver()
    solver.set(timeout=timeout_ms)
    solver.add(domain, z3.Not(claim))
    answer = solver.check()
    if answer == z3.unsat:
        return ProofResult(name, PROVED, time.perf_counter() - start)
    if answer == z3.sat:
        model = solver.model()
        if ob.smallest is not None:
            model = smallest_model(solver, model, ob.smallest, timeout_ms)
        text = ob.explain(model)
        return ProofResult(name, COUNTEREXAMPLE, time.perf_counter() - start, counterexample=text)
    return ProofResult(name, UNKNOWN, time.perf_counter() - start, reason=solver.reason_unknown())


def smallest_model(solver: Any, model: Any, size: Any, timeout_ms: int = TIMEOUT_MS) -> Any:
    """A model of ``solver``'s assertions with the least ``size`` (an integer term), starting from
    ``model``, one of them: the bound on ``size`` is lowered by doubling steps until no model meets
    it, then halved between the two, each step a plain satisfiability check. The value found is
    the optimum ``z3.Optimize`` finds; it took seconds on the products of the duke-scoring theorem
    (each step here takes milliseconds). A step the solver cannot decide within what is left of
    ``timeout_ms`` counts as finding none: the model returned is then the smallest found."""
    import z3

    deadline = time.monotonic() + timeout_ms / 1000

    def below(bound: int) -> Any:
        """A model whose size is at most ``bound``, or ``None`` (none exists, or undecided)."""
        left = int((deadline - time.monotonic()) * 1000)
        if left <= 0:
            return None
        solver.push()
        try:
            solver.set(timeout=left)
            solver.add(size <= bound)
            return solver.model() if solver.check() == z3.sat else None
        finally:
            solver.pop()

    best = model.eval(size, model_completion=True).as_long()
    step, floor = 1, None  # ``floor``: a bound no model meets
    while floor is None:
        found = below(best - step)
        if found is None:
            floor = best - step
        else:
            model, best, step = found, found.eval(size, model_completion=True).as_long(), step * 2
    while best - floor > 1:  # a model of size ``best`` exists, none of size ``floor`` or less
        middle = (best + floor) // 2
        found = below(middle)
        if found is None:
            floor = middle
        else:
            model, best = found, found.eval(size, model_completion=True).as_long()
    return model


def theorem(name: str, rules: tuple[str, ...], statement: str) -> Callable[[Callable[..., Obligation]], Theorem]:
    """Turn ``body(L, *, impl=engine_default, ...) -> Obligation`` into a :class:`Theorem`."""

    def wrap(body: Callable[..., Obligation]) -> Theorem:
        @functools.wraps(body)
        def check(**implementations: Any) -> ProofResult:
            return prove(name, body, implementations)

        check.injectable = tuple(  # type: ignore[attr-defined]
            p.name for p in inspect.signature(body).parameters.values() if p.kind is p.KEYWORD_ONLY)
        return Theorem(name, tuple(rules), statement, check)

    return wrap


def _discover() -> tuple[Theorem, ...]:
    """Every theorem of every game: each subpackage ``proofs.<name>`` exports
    ``THEOREMS`` (a game adds its proofs package; nothing here lists games)."""
    import importlib
    import pkgutil

    found: list[Theorem] = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.ispkg:
            found.extend(importlib.import_module(f"{__name__}.{info.name}").THEOREMS)
    return tuple(found)


THEOREMS: tuple[Theorem, ...] = _discover()
"""Every theorem of every game."""


def theorems(game: str | None = None) -> tuple[Theorem, ...]:
    """The theorems of ``game`` (all games when ``None``)."""
    return tuple(t for t in THEOREMS if game is None or t.game == game)


def run_all(game: str | None = None) -> list[ProofResult]:
    """Check every theorem (of ``game``) with the engine's own functions, in order."""
    return [t.check() for t in theorems(game)]
