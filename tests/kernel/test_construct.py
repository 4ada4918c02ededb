"""``rules.kernel.construct.maker`` makes the object the class's own constructor makes, and
refuses a class whose constructor does more than store its fields (decision record 0036)."""

from __future__ import annotations

import attrs
import pytest

from rules.kernel.construct import maker


@attrs.frozen
class Plain:
    a: int
    b: tuple[int, ...] = ()
    c: str | None = None


@attrs.frozen
class Checked:
    a: int = attrs.field(validator=attrs.validators.instance_of(int))


@attrs.frozen
class Converted:
    a: int = attrs.field(converter=int)


@attrs.frozen
class PostInit:
    a: int

    def __attrs_post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("negative")


@attrs.frozen(cache_hash=True)
class CachedHash:
    a: int


@attrs.frozen(slots=False)
class Unslotted:
    a: int


def test_a_made_object_is_the_constructors() -> None:
    make = maker(Plain)
    made = make(1, (2, 3), "x")
    assert type(made) is Plain
    assert made == Plain(1, (2, 3), "x") and hash(made) == hash(Plain(1, (2, 3), "x"))
    assert repr(made) == repr(Plain(1, (2, 3), "x"))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.a = 2  # type: ignore[misc]
    assert attrs.evolve(made, a=5) == Plain(5, (2, 3), "x")


def test_every_field_is_required_positionally() -> None:
    with pytest.raises(TypeError):
        maker(Plain)(1)


@pytest.mark.parametrize("cls", [Checked, Converted, PostInit, CachedHash, Unslotted])
def test_a_class_whose_constructor_does_more_is_refused(cls: type) -> None:
    with pytest.raises(TypeError, match=cls.__name__):
        maker(cls)
