"""``rules.kernel.construct.maker`` makes the object the class's own constructor makes and
``copier`` the object ``attrs.evolve`` makes, slotted or not; both refuse a class whose
constructor does more than store its fields (decision records 0036 and 0039)."""

from __future__ import annotations

from functools import cached_property

import attrs
import pytest

from rules.kernel.construct import copier, maker


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
    b: tuple[int, ...] = ()
    c: str | None = None


@attrs.frozen(slots=False, cache_hash=True)
class UnslottedCachedHash:
    a: int


@attrs.frozen(slots=False)
class UnslottedCaching:
    a: int

    @cached_property
    def double(self) -> int:
        return 2 * self.a


@attrs.frozen(slots=False)
class UnslottedChecked:
    a: int = attrs.field(validator=attrs.validators.instance_of(int))


@pytest.mark.parametrize("cls", [Plain, Unslotted])
def test_a_made_object_is_the_constructors(cls: type[Plain]) -> None:
    make = maker(cls)
    made = make(1, (2, 3), "x")
    assert type(made) is cls
    assert made == cls(1, (2, 3), "x") and hash(made) == hash(cls(1, (2, 3), "x"))
    assert repr(made) == repr(cls(1, (2, 3), "x"))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.a = 2
    assert attrs.evolve(made, a=5) == cls(5, (2, 3), "x")


def test_a_copy_is_evolves_and_leaves_the_original_alone() -> None:
    original = Unslotted(1, (2, 3), "x")
    copy = copier(Unslotted, "b", "c")(original, (4,), None)
    assert type(copy) is Unslotted and copy == attrs.evolve(original, b=(4,), c=None)
    assert hash(copy) == hash(Unslotted(1, (4,), None)) and repr(copy) == repr(Unslotted(1, (4,), None))
    assert original == Unslotted(1, (2, 3), "x")
    assert copier(Unslotted, "a")(maker(Unslotted)(1, (), None), 7) == Unslotted(7)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.a = 2  # type: ignore[misc]


@pytest.mark.parametrize("changed", [(), ("d",), ("a", "a")])
def test_a_copier_changes_distinct_fields_the_class_has(changed: tuple[str, ...]) -> None:
    with pytest.raises(TypeError, match="Unslotted"):
        copier(Unslotted, *changed)


@pytest.mark.parametrize("cls", [Plain, UnslottedChecked, UnslottedCachedHash, UnslottedCaching])
def test_a_copier_needs_an_unchecked_class_with_an_instance_dictionary(cls: type) -> None:
    with pytest.raises(TypeError, match=cls.__name__):
        copier(cls, "a")


def test_every_field_is_required_positionally() -> None:
    with pytest.raises(TypeError):
        maker(Plain)(1)


@pytest.mark.parametrize("cls", [Checked, Converted, PostInit, CachedHash, UnslottedChecked,
                                 UnslottedCachedHash])
def test_a_class_whose_constructor_does_more_is_refused(cls: type) -> None:
    with pytest.raises(TypeError, match=cls.__name__):
        maker(cls)
