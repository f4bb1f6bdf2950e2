"""The format registry, modelled on Pygments' lexers.

A format is a small class in its own module of this package: it declares its name, aliases,
opening markers, model-name patterns and a body parser (a generator over a Reader, built from
the shared primitives in callsieve.reader / callsieve.jsonargs).  Every module here is imported
and every Format subclass in it with a `name` is registered: adding a family is one module.

Detection is a registry-wide question: the Sieve watches the markers of all formats at once
(markers()), and formats that share a marker are told apart by `decide` on what follows.
"""
from __future__ import annotations

import enum
import fnmatch
import importlib
import pkgutil
from typing import TYPE_CHECKING, Any, Callable, Generator, Protocol, final

from ..calls import qualified
from ..reader import Lane

if TYPE_CHECKING:
    from ..calls import Calls
    from ..jsonargs import Args
    from ..reader import Reader


class Verdict(enum.IntEnum):
    """The decide contract: `decide(opener, look, eof, ctx)` answers YES (this format), NO, or
    MAYBE (show me more).  `look` is the text after the opener, at most LOOK_MAX characters; with
    `eof` (the end of the stream, or LOOK_MAX characters seen) MAYBE is not an answer.  Reading
    no further than LOOK_MAX is what makes the choice the same whatever the chunking.

    Compare a verdict with `==`: it has no truth value, because as an int NO would be false and
    MAYBE true, and `if f.decide(...)` would take "show me more" for "yes".
    """
    YES = 1
    NO = 0
    MAYBE = -1

    def __bool__(self) -> bool:
        raise TypeError("a Verdict has no truth value: compare it with YES, NO or MAYBE")


YES, NO, MAYBE = Verdict.YES, Verdict.NO, Verdict.MAYBE
# How a format's body is written (Format.syntax): the grouping of the docs' format tables.
SYNTAXES = {"json": "JSON behind markers", "xml": "XML-like, schema-typed values",
            "literal": "literals and channels", "none": "nothing to parse"}
LOOK_MAX = 256


class Context(Protocol):
    """What a format's `decide` and `parse` get as `ctx` (callsieve.calls.Calls).

    Whether a name is a declared tool, and its parameters, are asked with `declared` and
    `parameters` below, never by reading `ctx.tools`, so the rule is written once."""
    tools: dict[str, dict] | None      # declared tools: {name: parameters schema}, None: any
    limit: int                         # max_call_bytes
    name: str                          # the open (or last) call's name
    args: Args | None                  # the open call's arguments (what start() returned)
    push: Callable[[Any], None]        # an event out (a ToolCallError for markup that holds no call)

    @property
    def open(self) -> bool: ...        # a call is open
    @property
    def block_calls(self) -> int: ...  # calls started in this block
    @property
    def at_start(self) -> bool: ...    # the block opened where the content starts

    def schema(self, name: str, key: str) -> dict | None: ...
    def check(self, name: str) -> str: ...
    def start(self, name: str, id: str | None = None) -> Args: ...
    def end(self) -> None: ...
    def fail(self, reason: str, raw: str) -> None: ...


def declared(ctx: Context, name: str) -> bool:
    """Is `name` one of the tools the request declared, or one behind a namespace
    (`default_api:NAME`: calls.qualified, which Calls.check resolves)?  (False when it declared none.)"""
    return ctx.tools is not None and qualified(ctx.tools, name) is not None


def parameters(ctx: Context, name: str) -> dict | None:
    """The JSON schema of the parameters of declared tool `name`, or None."""
    return ctx.tools.get(name) if ctx.tools is not None else None


def properties(ctx: Context, name: str) -> dict | None:
    """The parameters declared tool `name` names (its schema's `properties`), or None."""
    props = (parameters(ctx, name) or {}).get("properties")
    return props if isinstance(props, dict) else None


if TYPE_CHECKING:
    def _calls_are_a_context(calls: Calls) -> Context:
        return calls                   # the type checker holds Calls to the protocol


@final                                 # (so `type(x) is Prose`, the cheap test, narrows both ways)
class Prose:
    """Prose from inside a block (harmony's final and analysis channels, the text of a call in a
    section that was no call): a body parser yields it, right after consuming its text, and the
    Sieve sends it out before it resumes the parser, so it goes out in order between the block's
    calls and the parser's reader is where the prose ends (the markup audit counts on it).
    `reasoning`: thinking text, else text for the user."""

    __slots__ = ("text", "reasoning")

    def __init__(self, text: str, reasoning: bool = False) -> None:
        self.text = text
        self.reasoning = reasoning


@final
class Handoff:
    """A body parser hands the block over to another generator (`gen`, reading the same Reader
    from where it stands): the Block drives that one from then on, and the parser that yielded
    this is dropped.  A wrapper that reads a lead (a doubled opener) before a body hands the body's
    reader over rather than `yield from` it, so no chunk of the block resumes an extra frame."""

    __slots__ = ("gen",)

    def __init__(self, gen: Generator) -> None:
        self.gen = gen


def nested(gen: Generator) -> Generator:
    """Read with `gen`, a parser run inside another's (`yield from nested(fam.parse(…))`): its
    handoffs are followed here, as the Block follows them for the parser it drives."""
    while True:
        try:
            got = gen.send(None)
        except StopIteration as stop:
            return stop.value
        if type(got) is Handoff:
            gen = got.gen
            continue
        yield got


@final
class ProseLane(Lane):
    """A lane for prose (see Prose): the Sieve sends the chunks it accepts out itself, as the
    parser would have yielded them."""

    __slots__ = ("reasoning",)

    def __init__(self, accepts: Callable[[str], object], reasoning: bool) -> None:
        super().__init__(accepts, None)
        self.reasoning = reasoning


# A body parser: a generator over a Reader that yields when it needs more input (a Lane the
# Sieve may pass chunks down, or None), yields its prose (a Prose) to be sent out at once, or
# hands the block over to another parser (a Handoff); it reports its calls to the Context.
Body = Generator["Lane | Prose | Handoff | None", None, Any]


class Format:
    name: str = ""
    aliases: tuple[str, ...] = ()
    description: str = ""
    syntax: str = ""                     # how the body is written: a key of SYNTAXES (docs, tables)
    openers: tuple[str, ...] = ()        # open a block anywhere in the content
    start_openers: tuple[str, ...] = ()  # open a block only as the first thing in the content
    tool_openers: tuple[str, ...] = ()   # open a block after prose too, when tools are declared
    name_openers: bool = False           # a declared tool's name opens a block at the start of the
                                         # content (for formats whose markers a server may strip)
    examples: bool = False               # a call a tool opener found after prose is the call only
                                         # if it ends the turn, else an example (Sieve's Example)
    shaped: bool = False                 # its opener is a shape (scan.Shape: any wrapper tag), not
                                         # a marker of its own: a false start is plain text
    from_parts: bool = False             # an instance declared from known parts (_parts.Family): the
                                         # registry takes the instance a module holds, as a class
    fences: tuple[str, ...] = ()         # openers that are Markdown's code fence, or that a
                                         # transcript quotes (a ReAct step): a call in one is an
                                         # Example wherever it opens (with `examples`)
    closer: str | None = None            # the literal that ends a block (for fallback and salvage)
    models: tuple[str, ...] = ()         # lowercase globs of served model ids, for pre-seeding
    priority: int = 50                   # among formats sharing a marker, lower decides first
    models_after: tuple[str, ...] = ()   # formats that claim some of the same model globs and
                                         # come first for them (the order must be explicit)
    example: str = ""                    # a short sample of the syntax (docs, tests)
    # The family's other control tokens (its template's and tokenizer's: end of turn, role and
    # tool-result tokens, a closer written twice): markup wherever its parser does not consume
    # them, never content (docs/syntax.md#control-tokens).
    specials: tuple[str, ...] = ()
    # Control tokens that open and close text which is not the model's answer (a tool result
    # the model made up, `<｜tool▁output▁begin｜>22°C<｜tool▁output▁end｜>`): markup, text and all.
    spans: tuple[tuple[str, str], ...] = ()
    # Words the family's template writes before an answer or a call, as the first thing in the
    # content (Functionary v3.2's `all\n` recipient): markup, for a detected or pre-seeded family.
    start_specials: tuple[str, ...] = ()
    # Where a message of the family ends, for a format without a closer (harmony's `<|end|>`): a
    # block given back as text runs to its closer, or to one of these.
    ends: tuple[str, ...] = ()

    def vocabulary(self) -> frozenset:
        """Every token of the family's markup: openers, closer, control tokens, spans."""
        return frozenset((*self.openers, *self.start_openers, *self.tool_openers, *self.specials,
                          *(t for span in self.spans for t in span), *((self.closer,) if self.closer else ())))

    def closer_for(self, opener: str) -> str | None:
        """The closing marker of a block opened by `opener`."""
        return self.closer

    def decide(self, opener: str, look: str, eof: bool, ctx: Context) -> Verdict:
        """Is the text after `opener` this format?  YES, NO, or MAYBE (show me more)."""
        return YES

    def parse(self, r: Reader, ctx: Context, opener: str) -> Body:
        """Generator: parse the block after `opener` from Reader `r`, reporting calls to `ctx`."""
        raise NotImplementedError
        yield

    def __repr__(self) -> str:
        return f"<format {self.name}>"


_REGISTRY: dict[str, Format] = {}
_ALIASES: dict[str, str] = {}
_loaded = False


class RegistryError(ValueError):
    """Two formats the registry could not tell apart (a shared name, alias or model glob)."""


def register(cls):
    """Class decorator (also applied automatically to the Format subclasses of this package).

    Refuses what would make the registry ambiguous: a name or alias already taken (the newer
    format would silently take the older one's blocks), and a model glob another format
    claims too unless one of the two names the other in `models_after`.
    """
    inst = cls if isinstance(cls, Format) else cls()      # (a Family is declared as an instance)
    if not inst.name:
        raise RegistryError(f"{type(inst).__name__} has no name")
    if type(_REGISTRY.get(inst.name)) is cls or _REGISTRY.get(inst.name) is inst:
        return cls                           # the same class twice (decorated and scanned)
    for a in (inst.name, *inst.aliases):
        if a in _ALIASES:
            raise RegistryError(f"format {inst.name!r}: {a!r} is already a name or alias of {_ALIASES[a]!r}")
    if len(set((inst.name, *inst.aliases))) != 1 + len(inst.aliases):
        raise RegistryError(f"format {inst.name!r} repeats a name in its aliases")
    for other in _REGISTRY.values():
        shared = sorted(set(inst.models) & set(other.models))
        ordered = other.name in inst.models_after or inst.name in other.models_after
        if shared and not ordered:
            raise RegistryError(f"formats {inst.name!r} and {other.name!r} both claim model glob(s) "
                                f"{', '.join(shared)}: name one in the other's models_after")
    _REGISTRY[inst.name] = inst
    for a in (inst.name, *inst.aliases):
        _ALIASES[a] = inst.name
    return cls


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"{__name__}.{info.name}")
        for obj in vars(mod).values():
            if (isinstance(obj, type) and issubclass(obj, Format) and obj.name
                    and obj.__module__ == mod.__name__) or (isinstance(obj, Format) and obj.from_parts):
                register(obj)


def count() -> int:
    """How many formats are registered, all loaded first (the registry only grows: a cache key)."""
    _load()
    return len(_REGISTRY)


def names() -> list[str]:
    """Names of all registered formats."""
    _load()
    return sorted(_REGISTRY)


def all_formats() -> list[Format]:
    _load()
    return sorted(_REGISTRY.values(), key=lambda f: (f.priority, f.name))


def get(name: str) -> Format:
    """The format called `name` (or one of its aliases); KeyError if there is none."""
    _load()
    try:
        return _REGISTRY[_ALIASES[name]]
    except KeyError:
        raise KeyError(f"unknown format {name!r}; known: {', '.join(names())}") from None


def _comes_before(a: Format, b: Format) -> bool:
    return a.name in b.models_after


def for_model(model: str) -> str | None:
    """The format a served model id suggests (a hint for pre-seeding, never proof)."""
    _load()
    model = model.lower().rsplit("/", 1)[-1]
    for suffix in (".gguf",):
        model = model.removesuffix(suffix)
    best = None
    for f in all_formats():
        for pat in f.models:
            # the most specific pattern wins (qwen3-coder* beats qwen3-*); on a tie, the
            # declared order (models_after)
            score = len(pat.replace("*", ""))
            if not fnmatch.fnmatchcase(model, pat):
                continue
            if best is None or score > best[0] or (score == best[0] and _comes_before(f, best[1])):
                best = (score, f)
    return best[1].name if best else None


def table() -> list[dict]:
    """One row per format: name, aliases, markers, model patterns (for `callsieve formats`)."""
    return [{"name": f.name, "syntax": f.syntax, "aliases": list(f.aliases),
             "markers": [getattr(m, "label", m) for m in f.openers + f.start_openers + f.tool_openers],
             "closer": f.closer, "models": list(f.models), "description": f.description}
            for f in all_formats()]
