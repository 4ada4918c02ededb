"""The same study on a local Ray instance with 2 CPUs gives the same result (issue 21 §2)."""

from __future__ import annotations

import pytest

from rules.studies.run import Study, run

pytest.importorskip("ray")


def test_a_study_on_ray_equals_the_study_here() -> None:
    study = Study("claim", 6, ("greedy", "random"), seed=5)
    assert run(study, workers=2, ray="local") == run(study, workers=1)


def test_an_address_nothing_answers_is_refused_at_once() -> None:
    with pytest.raises(RuntimeError, match="no Ray cluster answers"):
        run(Study("claim", 2), ray="127.0.0.1:9")
