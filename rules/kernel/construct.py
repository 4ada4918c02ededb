"""A quick positional constructor for an engine's frozen, slotted ``attrs`` models (decision record 0036).

An engine makes a new immutable state for every action. ``attrs`` builds a frozen slotted
instance by calling ``object.__setattr__`` once per field, which looks the field up again
each time; for a state of sixteen fields that costs more than the rule the action applies.
:func:`maker` writes out, once per class, the function that stores each field straight
through its slot's member descriptor: the same object ``cls(*values)`` makes, at about
two thirds of the cost. It serves classes whose constructor only stores its arguments (no
validators, converters, post-init or cached hash): anything else is refused, so a maker
never skips a check the class's own constructor would make.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs
from attrs import AttrsInstance

T = TypeVar("T", bound=AttrsInstance)


def maker(cls: type[T]) -> Callable[..., T]:
    """``cls(*values)`` with every field given positionally, in the order of ``attrs.fields(cls)``,
    written out for ``cls``. A ``TypeError`` names a class whose constructor does more than
    store its fields, or that keeps anything beside them in its slots."""
    fields = attrs.fields(cls)
    names = [f.name for f in fields]
    slots = {n for n in getattr(cls, "__slots__", ()) if n != "__weakref__"}
    if slots != set(names):
        raise TypeError(f"{cls.__name__}: a maker needs a slotted class whose slots are its fields")
    if getattr(cls, "__attrs_post_init__", None) is not None or any(
            f.validator is not None or f.converter is not None for f in fields):
        raise TypeError(f"{cls.__name__}: its constructor checks or converts; call it instead")
    arguments = ", ".join(names)
    body = "".join(f"    set_{name}(made, {name})\n" for name in names)
    source = f"def make({arguments}):\n    made = new(cls)\n{body}    return made\n"
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls,
                                 **{f"set_{name}": getattr(cls, name).__set__ for name in names}}
    exec(compile(source, f"<make {cls.__name__}>", "exec"), namespace)  # the class's own field names
    made: Callable[..., T] = namespace["make"]
    made.__doc__ = f"``{cls.__name__}(*values)``, every slot stored through its member descriptor."
    return made
