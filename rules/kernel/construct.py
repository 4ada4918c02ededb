"""Quick constructors and copiers for an engine's frozen, slotted ``attrs`` models (decision
records 0036 and 0040).

An engine makes a new immutable state for every action. ``attrs`` builds a frozen slotted
instance by calling ``object.__setattr__`` once per field, which looks the field up again
each time; for a state of sixteen fields that costs more than the rule the action applies.
:func:`maker` writes out, once per class, a positional constructor, and :func:`replacer` a
copy with some fields changed (``attrs.evolve`` without its generic overhead): the same objects
``cls(*values)`` and ``attrs.evolve`` make, without the call through ``__setattr__``.

Each slot is stored in one of two ways. A class without a weak-reference slot
(``@attrs.frozen(weakref_slot=False)``) is filled as its *draft*, a plain class with the very
same slots and no ``__setattr__`` of its own, whose stores are ordinary attribute stores; the
finished object then takes the frozen class as its own (``__class__`` assignment, which CPython
allows between classes of one layout). That is about a quarter of the cost of the other way,
which serves every other class: each slot stored through its member descriptor.

Both serve classes whose constructor only stores its arguments (no validators, converters,
post-init or cached hash): anything else is refused, so a maker or a copier never skips a check
the class's own constructor would make.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs
from attrs import AttrsInstance

T = TypeVar("T", bound=AttrsInstance)


def _field_names(cls: type) -> list[str]:
    """``cls``'s fields in order, once it is known that its constructor only stores them."""
    fields = attrs.fields(cls)
    names = [f.name for f in fields]
    slots = {n for n in getattr(cls, "__slots__", ()) if n != "__weakref__"}
    if slots != set(names):
        raise TypeError(f"{cls.__name__}: a maker needs a slotted class whose slots are its fields")
    if getattr(cls, "__attrs_post_init__", None) is not None or any(
            f.validator is not None or f.converter is not None for f in fields):
        raise TypeError(f"{cls.__name__}: its constructor checks or converts; call it instead")
    return names


def _draft(cls: type) -> type | None:
    """A plain class with exactly ``cls``'s slots, whose instances may take ``cls`` as their class
    once filled; ``None`` when CPython refuses that (a class with a weak-reference slot, or one
    that inherits slots)."""
    draft = type(f"{cls.__name__}Draft", (), {"__slots__": tuple(cls.__slots__)})  # type: ignore[attr-defined]
    probe: Any = object.__new__(draft)
    try:
        probe.__class__ = cls
    except TypeError:
        return None
    return draft


def _written(cls: type, name: str, parameters: str, value_of: dict[str, str]) -> Callable[..., Any]:
    """The function ``name(parameters)`` that makes a ``cls`` whose field ``f`` holds the expression
    ``value_of[f]``, storing every slot in the quicker of the two ways of the module's docstring."""
    draft = _draft(cls)
    names = list(value_of)
    if draft is not None:
        body = "".join(f"    made.{field} = {value_of[field]}\n" for field in names)
        source = f"def {name}({parameters}):\n    made = new(draft)\n{body}    made.__class__ = cls\n    return made\n"
        namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, "draft": draft}
    else:
        body = "".join(f"    set_{field}(made, {value_of[field]})\n" for field in names)
        source = f"def {name}({parameters}):\n    made = new(cls)\n{body}    return made\n"
        namespace = {"new": object.__new__, "cls": cls,
                     **{f"set_{field}": getattr(cls, field).__set__ for field in names}}
    exec(compile(source, f"<{name} {cls.__name__}>", "exec"), namespace)  # the class's own field names
    written: Callable[..., Any] = namespace[name]
    return written


def maker(cls: type[T]) -> Callable[..., T]:
    """``cls(*values)`` with every field given positionally, in the order of ``attrs.fields(cls)``,
    written out for ``cls``. A ``TypeError`` names a class whose constructor does more than
    store its fields, or that keeps anything beside them in its slots."""
    names = _field_names(cls)
    made: Callable[..., T] = _written(cls, "make", ", ".join(names), {n: n for n in names})
    made.__doc__ = f"``{cls.__name__}(*values)``, every slot stored directly."
    return made


def replacer(cls: type[T], *changed: str) -> Callable[..., T]:
    """``attrs.evolve(obj, **changes)`` for a ``cls`` whose fields ``changed`` change, written out
    for ``cls``: called as ``copy(obj, *values)``, the new values in the order of ``changed``.
    Refused (``TypeError``) as :func:`maker` refuses, and for a field ``cls`` does not have."""
    names = _field_names(cls)
    unknown = [name for name in changed if name not in names]
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {', '.join(unknown)}")
    values = {n: f"value_{changed.index(n)}" if n in changed else f"old.{n}" for n in names}
    copy: Callable[..., T] = _written(cls, "copy", ", ".join(["old", *(f"value_{i}" for i in range(len(changed)))]),
                                      values)
    copy.__doc__ = f"A ``{cls.__name__}`` with {', '.join(changed) or 'nothing'} changed, every slot stored directly."
    return copy
