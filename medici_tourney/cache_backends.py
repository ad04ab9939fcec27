"""Cache backends for which a cache that fails is a miss (``settings.CACHES``,
``cache_settings``): Django's Redis and file caches, whose calls never raise
because the cache is down, full or slow.

Words:

failure
    A call the cache could not answer: for Redis, a ``redis.RedisError`` (the
    server refused or dropped the connection, did not answer within the
    socket timeouts, or refused a write because it is full: ``OOM command not
    allowed`` under ``maxmemory-policy noeviction``); for the file cache, an
    ``OSError`` (disk full, no permission) or a file that does not unpickle
    (any error its unpickling raises).
garbled answer
    What a server that is not Redis, or a connection out of step, sends back:
    redis-py or the unpickling raises an error of its own (``TypeError``,
    ``AttributeError``, ``UnpicklingError``...), or an answer comes that Redis
    never gives to the call (an integer or a list for a value, a count that is
    not a number). A failure, as Redis being down.
miss
    What a failed call answers: ``get`` its default, ``get_many`` ``{}``,
    ``add``/``delete``/``touch``/``has_key`` False, ``set_many`` every key (as
    not stored), ``set``/``delete_many``/``clear`` nothing. Every caller then
    does what it does when the key is not there: the public pages are rendered
    from the database (``medici_tourney.public_cache``).
``incr``/``decr``
    Raise :class:`CacheUnavailable` on a failure: a counter cannot be a miss
    (there is no right number to return). It is a ``ValueError``, the error
    Django raises for a counter that is not there, so code written for that
    case (add, then incr, and ``set(key, 1)`` on ``ValueError``) keeps working
    and counts 1 while the cache is down; catch :class:`CacheUnavailable`
    before ``ValueError`` to fall back to a count of one's own instead.
circuit
    After a failure to connect or a missing or garbled answer the process
    leaves Redis alone for ``PAUSE`` seconds (every call is a miss at once),
    so a dead Redis costs each request nothing rather than a connect timeout
    per call. A refused
    write (full) opens no circuit: reads still work.
log
    A failure is logged (logger ``medici_tourney.cache``, warning) at most
    once per ``LOG_EVERY`` seconds per process and cache, not once per
    request; the first success after a failure logs that the cache is back.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.cache.backends.filebased import FileBasedCache
from django.core.cache.backends.redis import RedisCache, RedisSerializer
from redis.exceptions import RedisError, ResponseError

# Seconds a process leaves a cache alone after it failed to connect or answer.
PAUSE = 1.0
# Seconds between two log lines saying one cache is failing.
LOG_EVERY = 60.0

logger = logging.getLogger("medici_tourney.cache")
T = TypeVar("T")

if TYPE_CHECKING:
    # What FailSoftMixin is mixed into, for its super() calls.
    _CacheBase = BaseCache
else:
    _CacheBase = object


class CacheUnavailable(ValueError):  # noqa: N818 (a state, as Django's errors)
    """``incr``/``decr`` could not reach the cache (see "incr/decr")."""


class _Health:
    """One cache's state in this process, shared by its threads (Django makes a
    backend object per thread): when the circuit closes again, when a failure
    was last logged, whether the last call failed."""

    def __init__(self) -> None:
        self.closed_at = 0.0  # time.monotonic() until which calls are skipped
        self.logged_at = -LOG_EVERY
        self.failing = False
        self.lock = threading.Lock()

    def failed(self, name: str, error: BaseException, pause: bool) -> None:
        now = time.monotonic()
        with self.lock:
            if pause:
                self.closed_at = now + PAUSE
            self.failing = True
            due = now - self.logged_at >= LOG_EVERY
            if due:
                self.logged_at = now
        if due:
            logger.warning(
                "Cache %s failing, answering as a miss: %s: %s",
                name,
                type(error).__name__,
                error,
            )

    def succeeded(self, name: str) -> None:
        if self.failing:
            with self.lock:
                back, self.failing = self.failing, False
            if back:
                logger.warning("Cache %s answering again", name)


_health: dict[str, _Health] = {}
_health_lock = threading.Lock()


def health(location: str) -> _Health:
    """The shared state of the cache at ``location`` in this process."""
    with _health_lock:
        return _health.setdefault(location, _Health())


class FailSoftMixin(_CacheBase):
    """Turns a cache backend's failures into misses (module docstring). The
    backend names what it raises (``failures``) and which of those open the
    circuit (:meth:`pauses`)."""

    failures: tuple[type[BaseException], ...] = ()
    _location: str

    def pauses(self, error: BaseException) -> bool:
        """Whether ``error`` opens the circuit (see "circuit")."""
        return False

    def _call(self, call: Callable[[], T], miss: T) -> T:
        state = health(self._location)
        if time.monotonic() < state.closed_at:
            return miss
        try:
            answer = call()
        except self.failures as error:
            state.failed(self._location, error, self.pauses(error))
            return miss
        state.succeeded(self._location)
        return answer

    def _count(self, call: Callable[[], int]) -> int:
        answer = self._call(lambda: _number(call()), None)
        if answer is None:
            raise CacheUnavailable(f"cache {self._location} unavailable")
        return answer

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        parent = super().get
        return self._call(lambda: parent(key, default, version), default)

    def get_many(
        self, keys: Iterable[Any], version: int | None = None
    ) -> dict[Any, Any]:
        parent = super().get_many
        return self._call(lambda: parent(keys, version), {})

    def has_key(self, key: Any, version: int | None = None) -> bool:
        parent = super().has_key
        return self._call(lambda: parent(key, version), False)

    def add(
        self,
        key: Any,
        value: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> bool:
        parent = super().add
        return self._call(lambda: parent(key, value, timeout, version), False)

    def set(
        self,
        key: Any,
        value: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> None:
        parent = super().set
        self._call(lambda: parent(key, value, timeout, version), None)

    def set_many(
        self,
        data: dict[Any, Any],
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> list[Any]:
        parent = super().set_many
        return self._call(lambda: parent(data, timeout, version), list(data))

    def touch(
        self,
        key: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> bool:
        parent = super().touch
        return self._call(lambda: parent(key, timeout, version), False)

    def delete(self, key: Any, version: int | None = None) -> bool:
        parent = super().delete
        return self._call(lambda: parent(key, version), False)

    def delete_many(self, keys: Iterable[Any], version: int | None = None) -> None:
        parent = super().delete_many
        self._call(lambda: parent(keys, version), None)

    def clear(self) -> None:
        parent = super().clear
        self._call(parent, None)

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        """``key``'s number plus ``delta``; ValueError when ``key`` is not
        there, :class:`CacheUnavailable` (a ValueError) on a failure."""
        parent = super().incr
        return self._count(lambda: parent(key, delta, version))

    def decr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        """As :meth:`incr`, less ``delta``."""
        parent = super().decr
        return self._count(lambda: parent(key, delta, version))


class GarbledAnswer(RedisError):  # noqa: N818 (as CacheUnavailable)
    """An answer Redis never gives to the call (see "garbled answer")."""


def _number(answer: Any) -> int:
    """``answer`` of ``incr``/``decr``, which must be an integer."""
    if type(answer) is not int:
        raise GarbledAnswer(f"a count answered as {type(answer).__name__}")
    return answer


class CheckedRedisSerializer(RedisSerializer):
    """Django's serializer, refusing (:class:`GarbledAnswer`) a stored value
    that is not a byte string: Redis answers every value as one."""

    def loads(self, data: Any) -> Any:
        if not isinstance(data, bytes):
            raise GarbledAnswer(f"a value answered as {type(data).__name__}")
        return super().loads(data)


class FailSoftRedisCache(FailSoftMixin, RedisCache):
    """Django's Redis cache, reading values with
    :class:`CheckedRedisSerializer`; a failure is a miss (module docstring)."""

    # Any error: past the connection, a call only reads and unpickles an
    # answer, whose errors are all the server's (see "garbled answer").
    failures = (Exception,)
    # Django's own attributes, which django-stubs leaves out.
    _servers: list[str]
    _options: dict[str, Any]

    def pauses(self, error: BaseException) -> bool:
        """Everything but an answer of Redis's own (a full Redis refusing a
        write, ``ResponseError``): the server is unreachable or talking
        nonsense."""
        return not isinstance(error, ResponseError)

    def __init__(self, server: str | list[str], params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._location = ",".join(self._servers)
        self._options = {"serializer": CheckedRedisSerializer, **self._options}


class FailSoftFileBasedCache(FailSoftMixin, FileBasedCache):
    """Django's file cache; a failure is a miss (module docstring)."""

    # Any error: a call only reads, writes and (un)pickles files, and a damaged
    # file's unpickling raises nearly anything (TypeError, UnicodeDecodeError...).
    failures = (Exception,)

    def __init__(self, dir: str, params: dict[str, Any]) -> None:  # noqa: A002 (Django's name)
        self._location = str(dir)
        super().__init__(dir, params)

    def _createdir(self) -> None:
        """Django's, made when the backend is made (each thread's first use):
        a directory that cannot be made is a failure, not a crashed request."""
        # Django's private method, which django-stubs leaves out.
        parent = super()._createdir  # type: ignore[misc]
        self._call(parent, None)
