"""Running a study: in this process, over local processes, or on a Ray cluster (issue 21 §2).

The games are cut into chunks of consecutive indices; a worker plays a chunk
with :func:`rules.kernel.study.play_one`, which seeds each game from the study's
seed and the game's index alone, and the outcomes are summarised in index
order, so ``--workers 1``, ``--workers 8`` and a Ray cluster give the same
result for the same seed. Workers get the study's *names* (game key, policy
names), never game objects, so nothing but plain data crosses a process or a
machine.
"""

from __future__ import annotations

import contextlib
import random
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

import attrs

from rules import games
from rules.kernel.simulate import random_setup
from rules.kernel.study import Outcome, Summary, play_one, summarize
from rules.studies import policies

#: chunks per worker: enough for an even load and a smooth progress bar, few enough to cost nothing
CHUNKS_PER_WORKER = 16


@attrs.frozen
class Study:
    """What to play: ``games`` games of ``game`` in ``variant`` by ``policies`` (names, one per seat,
    the last serving the rest), from ``seed``; a game is stopped after ``max_actions``."""

    game: str
    games: int
    policies: tuple[str, ...] = ("random",)
    variant: Any = None
    seed: int = 0
    max_actions: int | None = None

    def check(self) -> None:
        """Refuse a bad study before any worker starts: the game, the policies and the variant
        (one setup dealt) must all be known; raises ``MalformedError`` or ``UnknownGameError``."""
        game = games.load(self.game)
        for name in self.policies:
            policies.policy(game, name)
        random_setup(game, random.Random(0), self.variant)


def play_chunk(study: Study, indices: Sequence[int]) -> list[Outcome]:
    """The outcomes of games ``indices`` of ``study`` (what one worker does)."""
    game = games.load(study.game)
    seated = tuple(policies.policy(game, name) for name in study.policies)
    return [play_one(game, seated, study.seed, i, study.variant, study.max_actions) for i in indices]


def chunks(n: int, workers: int) -> list[range]:
    """``range(n)`` cut into consecutive chunks, about :data:`CHUNKS_PER_WORKER` per worker."""
    size = max(1, -(-n // (max(1, workers) * CHUNKS_PER_WORKER)))
    return [range(start, min(n, start + size)) for start in range(0, n, size)]


def run(study: Study, workers: int = 1, *, ray: str | None = None, progress: bool = False) -> Summary:
    """Play ``study`` and summarise it: in this process (``workers`` 1), over ``workers``
    processes, or on Ray (``ray``: a cluster address, or ``"local"`` to start one with
    ``workers`` CPUs for this run). ``progress`` draws a bar on standard error."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    study.check()
    parts = chunks(study.games, workers)
    with _bar(study.games, progress) as advance:
        if ray is not None:
            outcomes = list(_on_ray(study, parts, ray, workers, advance))
        elif workers == 1:
            outcomes = [o for part in parts for o in _counted(play_chunk(study, part), advance)]
        else:
            outcomes = list(_on_processes(study, parts, workers, advance))
    return summarize(study.game, study.variant, study.policies, study.seed, outcomes)


def _counted(outcomes: list[Outcome], advance: Callable[[int], None]) -> list[Outcome]:
    advance(len(outcomes))
    return outcomes


def _on_processes(study: Study, parts: list[range], workers: int,
                  advance: Callable[[int], None]) -> Iterator[Outcome]:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: set[Future[list[Outcome]]] = {pool.submit(play_chunk, study, part) for part in parts}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield from _counted(future.result(), advance)


def _on_ray(study: Study, parts: list[range], address: str, workers: int,
            advance: Callable[[int], None]) -> Iterator[Outcome]:
    """The chunks as Ray tasks (the optional ``[ray]`` extra): on the cluster at ``address``
    or, for ``"local"``, on a Ray started here with ``workers`` CPUs and stopped after."""
    try:
        import ray
    except ImportError:
        raise RuntimeError("--ray needs Ray: pip install 'tabletop-rules[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if address == "local":
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        else:
            _reachable(address)
            ray.init(address=address, log_to_driver=False)
    try:
        remote = ray.remote(play_chunk)
        pending = [remote.remote(study, list(part)) for part in parts]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield from _counted(ray.get(ref), advance)
    finally:
        if started:
            ray.shutdown()


def _reachable(address: str, timeout: float = 5.0) -> None:
    """Refuse at once a ``HOST:PORT`` (or ``ray://HOST:PORT``) nothing listens on, which Ray
    itself would retry for minutes; ``auto`` and other forms are left to Ray."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as exc:
        raise RuntimeError(f"--ray {address}: no Ray cluster answers there ({exc.strerror or exc})") from None


@contextlib.contextmanager
def _bar(total: int, on: bool) -> Iterator[Callable[[int], None]]:
    """A tqdm progress bar on standard error (the optional ``[progress]`` extra), yielding its
    ``update``; without tqdm, or when not asked for, nothing is drawn."""
    bar: Any = None
    if on:
        try:
            from tqdm import tqdm
        except ImportError:
            tqdm = None
        if tqdm is not None:
            bar = tqdm(total=total, unit="game", file=sys.stderr, leave=False)
    try:
        yield bar.update if bar is not None else _ignore
    finally:
        if bar is not None:
            bar.close()


def _ignore(n: int) -> None:
    """The progress callback when no bar is drawn."""
