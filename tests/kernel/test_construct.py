"""``rules.kernel.construct.maker`` makes the object the class's own constructor makes and
``copier`` the object ``attrs.evolve`` makes, whichever way the class keeps its fields (an
instance dictionary, slots filled as a draft, slots stored one by one); both refuse a class
whose constructor does more than store its fields (decision records 0036, 0039 and 0040). A drafted
class's notes (slots a plain base adds) and a field whose member a descriptor replaced are made and
copied as the class keeps them (decision record 0055)."""

from __future__ import annotations

from functools import cached_property
from typing import Any, ClassVar

import attrs
import pytest

from rules.kernel.construct import copier, maker


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


@attrs.frozen(slots=False)
class Unslotted:
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


class Counted:
    """A plain base adding a note beside the fields, as Claim's state does."""

    __slots__ = ("seen",)
    __note_defaults__ = {"seen": 0}


class Doubled:
    """A field's descriptor that computes on read: the stored value doubled (like Claim's
    ``last_trick``, made when read), over the slot member it keeps as ``slot``."""

    def __init__(self, slot: Any) -> None:
        self.slot = slot

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        return self if instance is None else 2 * self.slot.__get__(instance)

    def __set__(self, instance: Any, value: Any) -> None:
        self.slot.__set__(instance, value)


def _notes_nothing(instance: Any) -> None:
    """The constructor's note, as Claim's state stores it (``__attrs_pre_init__``): nothing seen yet."""
    vars(Counted)["seen"].__set__(instance, 0)


@attrs.frozen(weakref_slot=False)
class Noting(Counted):
    a: int
    b: int = 0
    __attrs_pre_init__ = _notes_nothing


Noting.b = Doubled(vars(Noting)["b"])  # type: ignore[assignment]


@attrs.frozen(weakref_slot=False)
class NotingWithoutDefault(Counted):
    a: int
    __note_defaults__: ClassVar[dict[str, int]] = {}


class CountedOnInit:
    """A base adding a note that runs code when an instance is made: ``draft()`` would run it too."""

    __slots__ = ("seen",)
    __note_defaults__ = {"seen": 0}

    def __init__(self) -> None:
        raise AssertionError("a draft must not run its base's constructor")


@attrs.frozen(weakref_slot=False)
class NotingOnInit(CountedOnInit):
    a: int

    def __attrs_pre_init__(self) -> None:
        vars(CountedOnInit)["seen"].__set__(self, 0)


class HeldFields(Counted):
    """A plain class declaring the slots of :class:`Held`'s fields, as Claim's ``StateFields`` does."""

    __slots__ = ("a", "b")


@attrs.frozen(weakref_slot=False)
class Held(HeldFields):
    a: int
    b: int = 0
    __attrs_pre_init__ = _notes_nothing


KINDS = [Plain, Drafted, Unslotted]


@pytest.mark.parametrize("cls", KINDS)
def test_a_made_object_is_the_constructors(cls: type[Plain]) -> None:
    make = maker(cls)
    made = make(1, (2, 3), "x")
    assert type(made) is cls
    assert made == cls(1, (2, 3), "x") and hash(made) == hash(cls(1, (2, 3), "x"))
    assert repr(made) == repr(cls(1, (2, 3), "x"))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.a = 2  # type: ignore[misc]
    assert attrs.evolve(made, a=5) == cls(5, (2, 3), "x")


@pytest.mark.parametrize("cls", KINDS)
def test_a_copy_is_evolves_and_leaves_the_original_alone(cls: type[Plain]) -> None:
    old = cls(1, (2, 3), "x")
    copy_of = copier(cls, "c", "a")
    assert ("draft" in copy_of.__globals__) == (cls is Drafted)  # the quicker way where CPython allows it
    assert ("fields" in copy_of.__code__.co_varnames) == (cls is Unslotted)  # the dictionary filled in one call
    copy = copy_of(old, "y", 7)
    assert type(copy) is cls and copy == attrs.evolve(old, a=7, c="y") and old == cls(1, (2, 3), "x")
    assert hash(copy) == hash(cls(7, (2, 3), "y")) and repr(copy) == repr(cls(7, (2, 3), "y"))
    assert copy.b is old.b  # shared, not copied
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.a = 2  # type: ignore[misc]
    assert copier(cls)(old) == old and copier(cls)(old) is not old
    assert copier(cls, "a")(maker(cls)(1, (), None), 7) == cls(7)


@pytest.mark.parametrize("cls", KINDS)
@pytest.mark.parametrize("changed", [("d",), ("a", "a")])
def test_a_copier_changes_distinct_fields_the_class_has(cls: type, changed: tuple[str, ...]) -> None:
    with pytest.raises(TypeError, match=cls.__name__):
        copier(cls, *changed)


def test_every_field_is_required_positionally() -> None:
    with pytest.raises(TypeError):
        maker(Plain)(1)


@pytest.mark.parametrize("cls", [Checked, Converted, PostInit, CachedHash, UnslottedChecked,
                                 UnslottedCachedHash])
def test_a_class_whose_constructor_does_more_is_refused(cls: type) -> None:
    with pytest.raises(TypeError, match=cls.__name__):
        maker(cls)
    with pytest.raises(TypeError, match=cls.__name__):
        copier(cls, "a")


def test_a_copier_refuses_a_cached_property_it_would_carry_over_stale() -> None:
    with pytest.raises(TypeError, match="UnslottedCaching"):
        copier(UnslottedCaching, "a")


def test_notes_are_made_with_their_default_and_carried_by_a_copy() -> None:
    made = maker(Noting)(1, 5)
    assert made == Noting(1, 5) and made.seen == 0 and made.b == 10
    vars(Counted)["seen"].__set__(made, 3)  # noted after it was made
    copy = copier(Noting, "a")(made, 7)
    assert "draft" in copier(Noting, "a").__globals__  # drafted with the base that adds the note
    assert copy.seen == 3 and copy == Noting(7, 5) and copy.b == 10  # the stored 5, not 10
    assert copier(Noting)(Noting(2)).seen == 0


def test_a_note_without_a_default_the_constructor_stores_is_refused() -> None:
    with pytest.raises(TypeError, match="NotingWithoutDefault"):
        copier(NotingWithoutDefault, "a")


def test_a_base_with_a_constructor_of_its_own_is_not_drafted() -> None:
    """A draft is made by calling it (decision record 0059): a base whose ``__init__`` would run then is
    not plain, so its notes are refused rather than made through that constructor."""
    with pytest.raises(TypeError, match="NotingOnInit"):
        copier(NotingOnInit, "a")
    assert maker(Drafted)(1, (), None) == Drafted(1) and "draft" in maker(Drafted).__globals__  # a plain draft still is


def test_a_base_that_holds_every_field_slot_is_the_draft() -> None:
    """A class that adds no slot to a plain base declaring its fields' is drafted as that base
    (decision record 0059): made and copied as the constructor and ``attrs.evolve`` make it, notes carried."""
    assert Held.__slots__ == () and maker(Held).__globals__["draft"] is HeldFields
    made = maker(Held)(1, 2)
    assert type(made) is Held and made == Held(1, 2) and made.seen == 0
    vars(Counted)["seen"].__set__(made, 4)
    copy = copier(Held, "b")(made, 3)
    assert type(copy) is Held and copy == attrs.evolve(made, b=3) and copy.seen == 4 and made.b == 2
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.a = 5  # type: ignore[misc]
