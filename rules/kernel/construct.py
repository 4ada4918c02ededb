"""Quick constructors for an engine's frozen ``attrs`` models (decision records 0036 and 0039).

An engine makes a new immutable state for every action. ``attrs`` builds a frozen instance
by calling ``object.__setattr__`` once per field, which looks the field up again each time;
for a state of sixteen fields that costs more than the rule the action applies.

* :func:`maker` writes out, once per class, a positional constructor: the same object
  ``cls(*values)`` makes, at a fraction of the cost. For a slotted class it stores each
  field through its slot's member descriptor (about two thirds of ``attrs``' cost); for a
  class that keeps its fields in an instance dictionary it builds that dictionary in one
  expression and attaches it (for sixteen fields, about two thirds of the slotted cost again).
* :func:`copier` writes out, once per class and set of changed fields, the copy of an
  instance with those fields replaced: its instance dictionary copied in one call, the
  changed entries stored, the copy attached to a new object. It serves dictionary-backed
  classes, where a copy that changes two fields of sixteen costs about a third of a
  slotted construction (decision record 0039).

Both serve classes whose constructor only stores its arguments (no validators, converters,
post-init or cached hash): anything else is refused, so neither ever skips a check the
class's own constructor would make.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any, TypeVar

import attrs
from attrs import AttrsInstance

T = TypeVar("T", bound=AttrsInstance)


def _field_names(cls: type[Any]) -> list[str]:
    """The fields of ``cls`` in constructor order; a ``TypeError`` for a class whose constructor
    does more than store them, or that keeps anything beside them in its slots."""
    fields = attrs.fields(cls)
    names = [f.name for f in fields]
    slots = {n for n in cls.__dict__.get("__slots__", ()) if n != "__weakref__"}
    if slots and slots != set(names):
        raise TypeError(f"{cls.__name__}: a maker needs a slotted class whose slots are its fields")
    if getattr(cls, "__attrs_post_init__", None) is not None or any(
            f.validator is not None or f.converter is not None for f in fields):
        raise TypeError(f"{cls.__name__}: its constructor checks or converts; call it instead")
    if not slots:
        if not _keeps_a_dict(cls):
            raise TypeError(f"{cls.__name__}: neither its slots nor an instance dictionary hold its fields")
        # the constructor only stores (checked above), so any values do: what else does it keep?
        if set(vars(cls(*[None] * len(names)))) != set(names):
            raise TypeError(f"{cls.__name__}: a maker needs a class whose instance dictionary holds its fields "
                            "only (no cached hash)")
    return names


def _keeps_a_dict(cls: type[Any]) -> bool:
    """Does an instance of ``cls`` keep its fields in an instance dictionary (not in slots)?"""
    return "__slots__" not in cls.__dict__ and "__dict__" in dir(cls)


def _compile(source: str, name: str, namespace: dict[str, Any]) -> Callable[..., Any]:
    exec(compile(source, f"<{name}>", "exec"), namespace)  # the class's own field names
    made: Callable[..., Any] = namespace["made"]
    return made


def maker(cls: type[T]) -> Callable[..., T]:
    """``cls(*values)`` with every field given positionally, in the order of ``attrs.fields(cls)``,
    written out for ``cls``. A ``TypeError`` names a class whose constructor does more than
    store its fields, or that keeps anything beside them in its slots."""
    names = _field_names(cls)
    arguments = ", ".join(names)
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    if _keeps_a_dict(cls):
        namespace["set_dict"] = _dict_setter(cls)
        entries = ", ".join(f"{name!r}: {name}" for name in names)
        body = f"    set_dict(made, {{{entries}}})\n"
    else:
        namespace.update({f"set_{name}": getattr(cls, name).__set__ for name in names})
        body = "".join(f"    set_{name}(made, {name})\n" for name in names)
    source = f"def made({arguments}):\n    made = new(cls)\n{body}    return made\n"
    made = _compile(source, f"make {cls.__name__}", namespace)
    made.__doc__ = f"``{cls.__name__}(*values)``, every field stored at once."
    return made


def copier(cls: type[T], *changed: str) -> Callable[..., T]:
    """``attrs.evolve(instance, **dict(zip(changed, values)))`` as ``copy(instance, *values)``,
    written out for ``cls`` (a class that keeps its fields in an instance dictionary) and the
    fields ``changed``: the unchanged fields are shared with ``instance`` (structural sharing),
    the dictionary that holds them copied in one call. A ``TypeError`` names a class this cannot
    serve or a field it does not have."""
    names = _field_names(cls)
    if not _keeps_a_dict(cls):
        raise TypeError(f"{cls.__name__}: a copier needs a class that keeps its fields in a dictionary")
    if any(isinstance(value, cached_property) for klass in cls.__mro__ for value in vars(klass).values()):
        raise TypeError(f"{cls.__name__}: a cached property is kept in the instance dictionary, and a copy "
                        "would carry it over stale")
    unknown = [name for name in changed if name not in names]
    if unknown or not changed or len(set(changed)) != len(changed):
        raise TypeError(f"{cls.__name__}: a copier changes distinct fields of the class, not {changed!r}")
    get_dict = _dict_getter(cls)
    stores = "".join(f"    fields[{name!r}] = {name}\n" for name in changed)
    source = (f"def made(instance, {', '.join(changed)}):\n    fields = get_dict(instance).copy()\n{stores}"
              "    made = new(cls)\n    set_dict(made, fields)\n    return made\n")
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, "get_dict": get_dict,
                                 "set_dict": _dict_setter(cls)}
    made = _compile(source, f"copy {cls.__name__}", namespace)
    made.__doc__ = f"A ``{cls.__name__}`` with {', '.join(changed)} replaced, the other fields shared."
    return made


def _dict_descriptor(cls: type[Any]) -> Any:
    """The descriptor of ``__dict__`` that instances of ``cls`` use."""
    for klass in cls.__mro__:
        if "__dict__" in klass.__dict__:
            return klass.__dict__["__dict__"]
    raise TypeError(f"{cls.__name__} keeps no instance dictionary")  # pragma: no cover - _keeps_a_dict


def _dict_setter(cls: type[Any]) -> Callable[[Any, dict[str, Any]], None]:
    """Attach a whole instance dictionary to a new, empty instance (no ``__setattr__``: frozen)."""
    setter: Callable[[Any, dict[str, Any]], None] = _dict_descriptor(cls).__set__
    return setter


def _dict_getter(cls: type[Any]) -> Callable[[Any], dict[str, Any]]:
    """An instance's dictionary (what ``vars`` returns, without the look-up of a builtin)."""
    getter: Callable[[Any], dict[str, Any]] = _dict_descriptor(cls).__get__
    return getter
