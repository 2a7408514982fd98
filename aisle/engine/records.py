"""Value classes written by hand, finished by a decorator instead of the `dataclasses` module.

A class lists its fields as annotations (in order) and writes its own ``__init__`` (and
``__slots__`` when wanted); `frozen` or `record` then adds what a dataclass would: equality and
a repr by value over the fields, ``__match_args__``, and, for `frozen`, a hash and the refusal
of every change. The results behave like ``@dataclass(frozen=True)`` and ``@dataclass``
classes (tests/test_records.py holds them to it), and type checkers are told so: both
decorators are dataclass transforms.

Why: `dataclasses` generates and compiles the methods of every class it builds, about half a
millisecond a class, and some sixteen of them lie on the way to the first window.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, NoReturn, TypeVar, dataclass_transform

_Class = TypeVar("_Class", bound=type)
_Values = Callable[[Any], tuple[Any, ...]]


def _values_getter(names: tuple[str, ...]) -> _Values:
    """A function giving an object's field values as one tuple (what a dataclass compares)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _finish(cls: type) -> tuple[tuple[str, ...], _Values]:
    # The class's own annotations, not inherited ones (inspect, which has a helper for this,
    # is far slower to import than this whole module).
    names = tuple(cls.__dict__.get("__annotations__", {}))  # noqa: RUF063
    values = _values_getter(names)

    def __eq__(self: Any, other: object) -> bool:  # noqa: N807 - the method's own name
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    def __repr__(self: Any) -> str:  # noqa: N807
        shown = ", ".join([f"{name}={value!r}" for name, value in zip(names, values(self), strict=True)])
        return f"{self.__class__.__qualname__}({shown})"

    _put(cls, __eq__=__eq__, __repr__=__repr__, __match_args__=names)
    return names, values


def _put(cls: type, **members: Any) -> None:
    for name, member in members.items():
        setattr(cls, name, member)


def as_dict(value: object) -> dict[str, Any]:
    """The fields of a record and their values, in order (a shallow ``dataclasses.asdict``)."""
    names: tuple[str, ...] = getattr(type(value), "__match_args__")  # noqa: B009 - not typed
    return {name: getattr(value, name) for name in names}


def _refuse(message: str) -> NoReturn:
    # Imported only on this rare path: the start-up never needs the module.
    from dataclasses import FrozenInstanceError

    raise FrozenInstanceError(message)


@dataclass_transform()
def record(cls: _Class) -> _Class:
    """Equality and repr by value, like ``@dataclass``; unhashable, as such a dataclass is."""
    _finish(cls)
    _put(cls, __hash__=None)
    return cls


@dataclass_transform(frozen_default=True)
def frozen(cls: _Class) -> _Class:
    """Equality, hash and repr by value, and no change after ``__init__`` (which must set its
    fields with ``object.__setattr__``), like ``@dataclass(frozen=True)``."""
    names, values = _finish(cls)
    own: type[Any] = cls

    def __hash__(self: Any) -> int:  # noqa: N807
        return hash(values(self))

    def __setattr__(self: Any, name: str, value: Any) -> None:  # noqa: N807
        if type(self) is own or name in names:
            _refuse(f"cannot assign to field {name!r}")
        super(own, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:  # noqa: N807
        if type(self) is own or name in names:
            _refuse(f"cannot delete field {name!r}")
        super(own, self).__delattr__(name)

    _put(cls, __hash__=__hash__, __setattr__=__setattr__, __delattr__=__delattr__)
    if "__slots__" in cls.__dict__:
        # Copying and pickling restore slots through setattr, which refuses: do it directly.
        def __getstate__(self: Any) -> list[Any]:  # noqa: N807
            return list(values(self))

        def __setstate__(self: Any, state: list[Any]) -> None:  # noqa: N807
            for name, value in zip(names, state, strict=True):
                object.__setattr__(self, name, value)

        _put(cls, __getstate__=__getstate__, __setstate__=__setstate__)
    return cls
