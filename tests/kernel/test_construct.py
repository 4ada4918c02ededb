"""``rules.kernel.construct.maker`` makes the object the class's own constructor makes, and
``replacer`` the copy ``attrs.evolve`` makes, filled as a draft when the class has no
weak-reference slot, else slot by slot; both refuse a class whose constructor does more than
store its fields (decision records 0036 and 0040)."""

from __future__ import annotations

import attrs
import pytest

from rules.kernel.construct import maker, replacer


@attrs.frozen
class Plain:
    a: int
    b: tuple[int, ...] = ()
    c: str | None = None


@attrs.frozen(weakref_slot=False)
class Drafted:
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


@pytest.mark.parametrize("cls", [Plain, Drafted])
def test_a_made_object_is_the_constructors(cls: type[Plain] | type[Drafted]) -> None:
    make = maker(cls)
    made = make(1, (2, 3), "x")
    assert type(made) is cls
    assert made == cls(1, (2, 3), "x") and hash(made) == hash(cls(1, (2, 3), "x"))
    assert repr(made) == repr(cls(1, (2, 3), "x"))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.a = 2
    assert attrs.evolve(made, a=5) == cls(5, (2, 3), "x")


@pytest.mark.parametrize("cls", [Plain, Drafted])
def test_a_copy_is_evolves(cls: type[Plain] | type[Drafted]) -> None:
    old = cls(1, (2, 3), "x")
    copy_of = replacer(cls, "c", "a")
    assert ("draft" in copy_of.__globals__) == (cls is Drafted)  # the quicker way where CPython allows it
    copy = copy_of(old, "y", 7)
    assert type(copy) is cls and copy == attrs.evolve(old, a=7, c="y") and old == cls(1, (2, 3), "x")
    assert copy.b is old.b
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.a = 2
    assert replacer(cls)(old) == old


def test_a_copy_names_only_fields_the_class_has() -> None:
    with pytest.raises(TypeError, match="no field"):
        replacer(Plain, "d")


def test_every_field_is_required_positionally() -> None:
    with pytest.raises(TypeError):
        maker(Plain)(1)


@pytest.mark.parametrize("cls", [Checked, Converted, PostInit, CachedHash, Unslotted])
def test_a_class_whose_constructor_does_more_is_refused(cls: type) -> None:
    with pytest.raises(TypeError, match=cls.__name__):
        maker(cls)
    with pytest.raises(TypeError, match=cls.__name__):
        replacer(cls, "a")
