"""A field of a slotted, frozen ``attrs`` class whose value is made the first time it is read.

Some values are made far more often than they are read: the outcome of every trick of a random
Claim game (decision record 0048), the text of every refusal that ``is_legal`` asks for and
drops (decision record 0066). :class:`MadeWhenRead` lets the code that makes such an object
store what the value is made *from* (a *pending* value, of a type of its own) in the field's
slot; the first read makes the value, stores it in the slot in the pending value's place and
returns it. Every other reader, the class's own equality, hash, ``repr``, pickling and
``attrs.evolve``, reads the field through the descriptor and sees only made values, so the class
behaves as if the value had been stored at once. The class's constructor stores the field as
before; the object stays frozen to every other writer.

The descriptor keeps the slot's member descriptor as ``slot``: the copiers of
:mod:`rules.kernel.construct` move a stored value through it without making it, and a maker of
pending objects stores the pending value through it (``slot.__set__``).
"""

from __future__ import annotations

from collections.abc import Callable
from types import MemberDescriptorType
from typing import Any

import attrs


class MadeWhenRead:
    """A slotted field whose value is made from a stored value of type ``pending`` by ``make``
    when it is first read (the module's docstring); ``slot`` is the member it replaces on the
    class. :meth:`install` puts it in place."""

    def __init__(self, slot: MemberDescriptorType, pending: type, make: Callable[[Any], Any]) -> None:
        self.slot = slot
        self.pending = pending
        self.make = make
        self.read, self.keep = slot.__get__, slot.__set__

    @classmethod
    def install(cls, owner: type, name: str, pending: type, make: Callable[[Any], Any]) -> MadeWhenRead:
        """Replace the slot member of ``owner``'s field ``name`` (set after ``attrs`` made the
        class, so it is not taken for a default) and return the descriptor."""
        slot = owner.__dict__[name]
        if type(slot) is not MemberDescriptorType:
            raise TypeError(f"{owner.__name__}.{name} is not a slotted field")
        descriptor = cls(slot, pending, make)
        setattr(owner, name, descriptor)
        return descriptor

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        stored = self.read(obj)
        if type(stored) is self.pending:  # stored by a maker of pending objects: made once, kept
            stored = self.make(stored)
            self.keep(obj, stored)
        return stored

    def __set__(self, obj: Any, value: Any) -> None:
        """Stored once, by the constructor (``attrs`` stores a slotted field through the class's
        descriptor); the object is frozen after that, to ``object.__setattr__`` too."""
        try:
            self.read(obj)
        except AttributeError:  # the slot is still empty: the constructor is storing the field
            self.keep(obj, value)
            return
        raise attrs.exceptions.FrozenInstanceError()

    def __repr__(self) -> str:
        return f"MadeWhenRead({self.slot.__name__!r})"
