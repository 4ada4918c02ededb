"""Quick constructors and copiers for an engine's frozen ``attrs`` models (decision records
0036, 0039 and 0040).

An engine makes a new immutable state for every action. ``attrs`` builds a frozen instance
by calling ``object.__setattr__`` once per field, which looks the field up again each time;
for a state of sixteen or twenty-six fields that costs more than the rule the action applies.

* :func:`maker` writes out, once per class, a positional constructor: the same object
  ``cls(*values)`` makes.
* :func:`copier` writes out, once per class and set of changed fields, the copy of an
  instance with those fields replaced: the same object ``attrs.evolve`` makes, the unchanged
  fields shared with the original.

How the fields are stored depends on how the class keeps them, the quickest way each allows:

* **an instance dictionary** (``@attrs.frozen(slots=False)``, Claim's state, decision 0039):
  a new object's dictionary is built in one expression and attached to it; a copy's is the
  new object's own, filled from the original's in one call, the changed entries then stored
  (decision 0044: cheaper than attaching a copy);
* **slots, no weak-reference slot** (``@attrs.frozen(weakref_slot=False)``, Valeria's models,
  decision 0040): the object is filled as its *draft*, a plain class with the very same slots
  and no ``__setattr__`` of its own, by ordinary attribute stores; it then takes the frozen
  class as its own (``__class__`` assignment, which CPython allows between classes of one
  layout). A class that declares its fields' slots in a plain base and adds none (Claim's state,
  decision 0059) has that base as its draft: the assignment is quicker still;
* **any other slotted class**: each slot stored through its member descriptor (decision 0036).

A slotted class may keep **notes** beside its fields: slots that a plain base class adds (Claim's
state, decision 0055), with the value a new instance holds in the class's ``__note_defaults__``,
which its own constructor stores too (checked). The draft then inherits that base, so the layouts
agree; a maker stores the defaults and a copy carries the original's notes. A
field whose member descriptor the class replaced by a descriptor of its own (one that computes on
read, such as Claim's ``last_trick``) is copied through the member that descriptor keeps as
``slot``: a copy moves the stored value without computing it.

All of them serve classes whose constructor only stores its arguments (no validators,
converters, post-init or cached hash): anything else is refused, so a maker or a copier never
skips a check the class's own constructor would make.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from types import MemberDescriptorType
from typing import Any, TypeVar

import attrs
from attrs import AttrsInstance

T = TypeVar("T", bound=AttrsInstance)


def maker(cls: type[T]) -> Callable[..., T]:
    """``cls(*values)`` with every field given positionally, in the order of ``attrs.fields(cls)``,
    written out for ``cls``. A ``TypeError`` names a class whose constructor does more than
    store its fields, or that keeps anything beside them."""
    names = _field_names(cls)
    made: Callable[..., T] = _written(cls, "make", names, {name: name for name in names})
    made.__doc__ = f"``{cls.__name__}(*values)``, every field stored at once."
    return made


def copier(cls: type[T], *changed: str) -> Callable[..., T]:
    """``attrs.evolve(instance, **dict(zip(changed, values)))`` as ``copy(instance, *values)``,
    written out for ``cls`` and the fields ``changed``: the unchanged fields are shared with
    ``instance`` (structural sharing). A ``TypeError`` names a class :func:`maker` would refuse,
    a field it does not have or one named twice."""
    names = _field_names(cls)
    unknown = [name for name in changed if name not in names]
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {', '.join(unknown)}")
    if len(set(changed)) != len(changed):
        raise TypeError(f"{cls.__name__}: a copier changes each field once, not {changed!r}")
    if _keeps_a_dict(cls) and any(isinstance(value, cached_property)
                                  for klass in cls.__mro__ for value in vars(klass).values()):
        raise TypeError(f"{cls.__name__}: a cached property is kept in the instance dictionary, and a copy "
                        "would carry it over stale")
    value_of = {name: f"value_{changed.index(name)}" if name in changed else
                f"raw_{name}(old)" if name in _replaced_members(cls) else f"old.{name}" for name in names}
    copy: Callable[..., T] = _written(cls, "copy", ["old", *(f"value_{i}" for i in range(len(changed)))],
                                      value_of, changed)
    copy.__doc__ = f"A ``{cls.__name__}`` with {', '.join(changed) or 'nothing'} changed, the other fields shared."
    return copy


def _field_names(cls: type[Any]) -> list[str]:
    """The fields of ``cls`` in constructor order; a ``TypeError`` for a class whose constructor
    does more than store them, or that keeps anything beside them in its slots or dictionary."""
    fields = attrs.fields(cls)
    names = [f.name for f in fields]
    holder = _field_holder(cls)
    slots = {n for n in (holder or cls).__dict__.get("__slots__", ()) if n != "__weakref__"}
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


def _field_holder(cls: type[Any]) -> type | None:
    """The one base of ``cls`` that declares the slots of all its fields, when ``cls`` adds none of its
    own (``attrs`` then reuses the base's members): that base is the draft (decision record 0059)."""
    if cls.__dict__.get("__slots__", None) != () or len(cls.__bases__) != 1:
        return None
    base = cls.__bases__[0]
    declared = set(base.__dict__.get("__slots__", ()))
    return base if declared and declared == {f.name for f in attrs.fields(cls)} else None


def _replaced_members(cls: type[Any]) -> dict[str, MemberDescriptorType]:
    """The slotted fields of ``cls`` whose member descriptor the class replaced by a descriptor of its
    own, each with the member that descriptor keeps as ``slot`` (read and written directly, so a copy
    does not compute what the descriptor computes on read). A ``TypeError`` names one that keeps none."""
    if _keeps_a_dict(cls):
        return {}
    replaced = {}
    for name in _field_names(cls):
        descriptor = cls.__dict__[name]
        if type(descriptor) is not MemberDescriptorType:
            member = getattr(descriptor, "slot", None)
            if type(member) is not MemberDescriptorType:
                raise TypeError(f"{cls.__name__}.{name}: a descriptor that replaces a slot's member must keep "
                                "it as ``slot``")
            replaced[name] = member
    return replaced


def _notes(cls: type[Any]) -> dict[str, Any]:
    """The slots that plain base classes of ``cls`` add beside its fields, each with the value a new
    instance holds (the module's docstring). A ``TypeError`` names a class that declares no such
    value for one, or whose own constructor does not store it."""
    names = [name for klass in (_field_holder(cls) or cls).__mro__[1:] for name in klass.__dict__.get("__slots__", ())
             if name not in ("__weakref__", "__dict__")]
    if not names:
        return {}
    defaults: dict[str, Any] = getattr(cls, "__note_defaults__", {})
    made = cls(*[None] * len(attrs.fields(cls)))  # the constructor only stores (checked by _field_names)
    for name in names:
        if name not in defaults or getattr(made, name, defaults) != defaults[name]:
            raise TypeError(f"{cls.__name__}.{name}: a note needs its value in __note_defaults__, stored by the "
                            "constructor too")
    return {name: defaults[name] for name in names}


def _keeps_a_dict(cls: type[Any]) -> bool:
    """Does an instance of ``cls`` keep its fields in an instance dictionary (not in slots)?"""
    return "__slots__" not in cls.__dict__ and "__dict__" in dir(cls)


def _written(cls: type, name: str, parameters: list[str], value_of: dict[str, str],
             changed: tuple[str, ...] | None = None) -> Callable[..., Any]:
    """The function ``name(*parameters)`` that makes a ``cls`` whose field ``f`` holds the
    expression ``value_of[f]``, in the quickest way ``cls`` allows (the module's docstring).
    ``changed``: for a copy (``old`` the original), the fields that change."""
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    if _keeps_a_dict(cls):
        descriptor = _dict_descriptor(cls)
        namespace["set_dict"] = descriptor.__set__
        if changed is None:
            entries = ", ".join(f"{field!r}: {value}" for field, value in value_of.items())
            body = f"    set_dict(made, {{{entries}}})\n"
        else:  # the original's dictionary copied in one call into the new object's own, the changed
            # entries stored (filling the dictionary the object has is cheaper than attaching a new one);
            # the original's read as ``old.__dict__``, an attribute read the interpreter specialises,
            # rather than through the descriptor's ``__get__`` (a call: about 370 instructions a copy)
            stores = "".join(f"    fields[{field!r}] = {value_of[field]}\n" for field in changed)
            body = f"    fields = made.__dict__\n    fields.update(old.__dict__)\n{stores}"
        source = f"    made = new(cls)\n{body}"
    elif (draft := _draft(cls)) is not None:
        namespace["draft"] = draft
        namespace.update({f"raw_{field}": member.__get__ for field, member in _replaced_members(cls).items()})
        stores = "".join(f"    made.{field} = {value}\n" for field, value in value_of.items())
        notes = _notes(cls)
        namespace.update({f"default_{note}": value for note, value in notes.items()})
        if changed is None:  # a new instance's notes: their defaults, as the constructor stores them
            stores += "".join(f"    made.{note} = default_{note}\n" for note in notes)
        else:  # the original's travel with the copy (one unpickled, which has none, gives the default)
            stores += "".join(f"    try:\n        made.{note} = old.{note}\n    except AttributeError:\n"
                              f"        made.{note} = default_{note}\n" for note in notes)
        # ``draft()`` rather than ``new(draft)``: a type called with no arguments makes the same empty
        # object (the draft's ``__new__`` and ``__init__`` are object's, checked by ``_draft``) about 300
        # instructions sooner than ``object.__new__``'s wrapper, which checks its arguments (decision 0059)
        source = f"    made = draft()\n{stores}    made.__class__ = cls\n"
    else:
        if _notes(cls) or _replaced_members(cls):
            raise TypeError(f"{cls.__name__}: notes and replaced members need a class CPython lets be drafted")
        namespace.update({f"set_{field}": getattr(cls, field).__set__ for field in value_of})
        stores = "".join(f"    set_{field}(made, {value})\n" for field, value in value_of.items())
        source = f"    made = new(cls)\n{stores}"
    source = f"def {name}({', '.join(parameters)}):\n{source}    return made\n"
    exec(compile(source, f"<{name} {cls.__name__}>", "exec"), namespace)  # the class's own field names
    written: Callable[..., Any] = namespace[name]
    return written


def _draft(cls: type) -> type | None:
    """A plain class with exactly ``cls``'s slots (and the plain bases that add its notes), whose
    instances may take ``cls`` as their class once filled; ``None`` when CPython refuses that (a
    class with a weak-reference slot, or one that inherits slots from a class that is not plain).
    When a plain base of ``cls`` declares every field's slot (:func:`_field_holder`), that base is the
    draft: the class assignment from a base of the same layout skips CPython's comparison of the two
    classes' slots, about 370 instructions a copy (decision record 0059)."""
    draft = _field_holder(cls)
    if draft is None:
        slots = {"__slots__": tuple(cls.__slots__)}  # type: ignore[attr-defined]
        bases = cls.__bases__ if _notes(cls) else ()
        draft = type(f"{cls.__name__}Draft", bases, slots)
    plain = vars(object)
    # a base that is not plain: its own stores, or a constructor that ``draft()`` would run
    if any(getattr(draft, name) is not plain[name] for name in ("__setattr__", "__new__", "__init__")):
        return None
    probe: Any = object.__new__(draft)
    try:
        probe.__class__ = cls
    except TypeError:
        return None
    return draft


def _dict_descriptor(cls: type[Any]) -> Any:
    """The descriptor of ``__dict__`` that instances of ``cls`` use."""
    for klass in cls.__mro__:
        if "__dict__" in klass.__dict__:
            return klass.__dict__["__dict__"]
    raise TypeError(f"{cls.__name__} keeps no instance dictionary")  # pragma: no cover - _keeps_a_dict
