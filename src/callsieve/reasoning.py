"""Thinking: the markers that wrap a model's reasoning, and the one state machine that follows them.

The Sieve watches these markers with the same scanner as tool-call openers.  `opens` start a
block, `closes` end it; `strip` markers (answer wrappers, stray section tokens) are removed from
content.  Markers that are plain words are only recognised at the start of the output.  The
syntaxes are described in docs/formats-literal.md ("Reasoning").
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from .layout import Lead
from .scan import Shape

if TYPE_CHECKING:
    from .session import Session

MODES = ("none", "auto", "deepseek", "deepseek-legacy")
# A call written inside thinking (Sieve's calls_in_reasoning): True, a call at once; False,
# reasoning text; HOLD, held until it is known (held.Tentative).  The command lines' names for them:
HOLD = "hold"
CALLS_IN_REASONING: dict[str, bool | str] = {"hold": HOLD, "call": True, "reasoning": False}


def check_modes(reasoning: str, calls_in_reasoning: object) -> None:
    """A Sieve's `reasoning` and `calls_in_reasoning` options, or a ValueError."""
    if reasoning not in MODES:
        raise ValueError(f"reasoning must be one of {', '.join(MODES)}, not {reasoning!r}")
    if calls_in_reasoning not in (True, False, HOLD):
        raise ValueError(f"calls_in_reasoning must be True, False or {HOLD!r}, "
                         f"not {calls_in_reasoning!r}")


def thinking_of(chat_template_kwargs: dict | None, reasoning_effort: object = None) -> bool | None:
    """Thinking on/off from a chat request, as servers read it: `chat_template_kwargs`
    `enable_thinking` / `thinking`, or `reasoning_effort: "none"` (off); None when it does not
    say (see docs/syntax.md#reasoning).  The proxy and the engine integrations share it."""
    kw = chat_template_kwargs if isinstance(chat_template_kwargs, dict) else {}
    for key in ("enable_thinking", "thinking"):
        if isinstance(kw.get(key), bool):
            return kw[key]
    if reasoning_effort == "none":
        return False
    return None


_TAG_OPENER = re.compile(r"<[^<>/|｜\s][^<>\s]*>")


@dataclass(frozen=True)
class Thinking:
    name: str
    opens: tuple[str, ...]
    closes: tuple[str, ...]
    start_only: bool = False     # plain-text markers: only as the first thing in the output

    def __post_init__(self):
        # Each tag-shaped opener's own closer closes the block too (`<ifm|think_fast>` …
        # `</ifm|think_fast>`, K2 V3's reasoning-effort spellings of `<ifm|think>`).
        own = tuple(f"</{o[1:]}" for o in self.opens if _TAG_OPENER.fullmatch(o))
        object.__setattr__(self, "closes", tuple(dict.fromkeys(self.closes + own)))


# Plain tags are thinking blocks by their role, whatever word of it the model was trained on:
# `<think>` (most), `<thinking>` (Apriel), `<thought>` (Poolside Laguna), `<reasoning>`.
ROLE_WORDS = ("think", "thinking", "thought", "reasoning")

# A tag named by a role word after a model's or vendor's prefix is a thinking tag too, as a plain
# one would be (`<deepseek_thought>`, `<model-thinking>`, `<ns:reasoning>`, `<M2_7think>`: hunt o):
# a scan.Shape, so no list of prefixes; its own closer (`</deepseek_thought>`) ends it (`prefixed`).
# The prefix is an identifier of 1 to 24 characters joined by `_`, `-` or `:`, or joined with
# nothing only when it ends with a digit (a model's version, `M2_7`, `qwen3`): an English word never
# does, so `<overthink>`, `<rethink>` stay text.
_ROLE = "(?:" + "|".join(sorted(ROLE_WORDS, key=len, reverse=True)) + ")"
_PREFIX = r"[A-Za-z][A-Za-z0-9_.:\-]{0,23}"
PREFIXED_TAG = Shape(
    "prefixed thinking tag", {"<": rf"<{_PREFIX}(?:[_:\-]|(?<=[0-9])){_ROLE}>"},
    # (where one may begin: a word joined to a `t` or `r` as a role word is, or a tag's start at
    # the end of the text; `<b>`, `<a href` in prose take no search)
    r"<(?:[A-Za-z][A-Za-z0-9_.:\-]{0,34})?",
    rf"<{_PREFIX}(?:[_:\-]|(?<=[0-9]))[tr]|<(?:[A-Za-z][A-Za-z0-9_.:\-]{{0,34}})?\Z", 36,
    "a role word after a prefix: <ns_think>, <model-thinking>, <ns:reasoning>, <M2_7think>")
is_prefixed = re.compile(PREFIXED_TAG.pattern).fullmatch


@functools.lru_cache(maxsize=256)
def prefixed(marker: str) -> Thinking:
    """The thinking syntax a prefixed tag (PREFIXED_TAG) opens: that tag, its own closer."""
    return Thinking(marker[1:-1], (marker,), ())


# A marker table's stand-in for every prefixed tag's syntax: Acts.think_open opens `prefixed(tag)`.
PREFIXED = Thinking("prefixed", (), ())


SYNTAXES = (
    *(Thinking(word, (f"<{word}>",), (f"</{word}>",)) for word in ROLE_WORDS),
    Thinking("mistral", ("[THINK]",), ("[/THINK]",)),
    Thinking("seed", ("<seed:think>",), ("</seed:think>",)),
    Thinking("hy3", ("<think:opensource>",), ("</think:opensource>",)),   # Tencent Hy3's suffixed tokens
    Thinking("kimi", ("◁think▷",), ("◁/think▷",)),
    Thinking("gemma4", ("<|channel>thought\n", "<|channel>thought"), ("<channel|>",)),
    Thinking("command", ("<|START_THINKING|>",), ("<|END_THINKING|>",)),
    Thinking("minimax_m3", ("<mm:think>",), ("</mm:think>",)),
    Thinking("apertus", ("<|inner_prefix|>",), ("<|inner_suffix|>",)),
    Thinking("k2_horizon", ("<ifm|think>", "<ifm|think_fast>", "<ifm|think_faster>"), ("</ifm|think>",)),
    Thinking("kimi_k3", ("<|open|>think<|sep|>",), ("<|close|>think<|sep|>",)),
    Thinking("plamo3", ("<|plamo:begin_think:plamo|>",), ("<|plamo:end_think:plamo|>",)),
    # Solar Open ends thinking with <|end|> and opens the answer with a new assistant header: the
    # pair is the closer (a bare <|end|> is also harmony's and Phi's, and prose's).
    Thinking("solar_open", ("<|think|>",), ("<|end|><|begin|>assistant",)),
    Thinking("solar_open2", ("<|think:start|>",), ("<|think:end|>",)),    # Solar Open 2's template
    Thinking("longcat", ("<longcat_think>",), ("</longcat_think>",)),
    Thinking("inkling", ("<|message_model|><|content_thinking|>", "<|content_thinking|>"), ("<|end_message|>",)),
    Thinking("granite", ("Here is my thought process:",), ("Here is my response:",), start_only=True),
    # Apriel 1.5 / 1.6: the prompt ends `Here are my reasoning steps:\n`, the answer follows
    # `[BEGIN FINAL RESPONSE]` (and ends `[END FINAL RESPONSE]`, stripped).
    Thinking("apriel", ("Here are my reasoning steps:",), ("[BEGIN FINAL RESPONSE]",), start_only=True),
    Thinking("apriel_answer", (), ("[BEGIN FINAL RESPONSE]",)),
    # An answer wrapper's opener ends the thinking the prompt opened: the answer has begun, and
    # the closer before it was a special token the server skipped (ERNIE 4.5 Thinking's
    # `…\n\n<response>\nanswer\n</response>`, Hunyuan's `<answer>`).  Elsewhere it is stripped.
    Thinking("answer", (), ("<response>", "<answer>")),
)

# Wrappers around the answer: removed from content, the text inside kept.
STRIP = ("<answer>", "</answer>", "<response>", "</response>",
         "<|START_RESPONSE|>", "<|END_RESPONSE|>", "<|START_TEXT|>", "<|END_TEXT|>",
         "<|open|>response<|sep|>", "<|close|>response<|sep|>",   # Kimi K3's reply channel
         "<|begin|>assistant", "<|content|>",                     # Solar Open's answer header
         "<|message_model|><|content_text|>", "<|content_text|>", "<|content_model_end_sampling|>",  # Inkling
         "[END FINAL RESPONSE]",                                    # Apriel's
         "<|im_start|>assistant")       # a ChatML role header left in the text (Hermes, Qwen)

# End-of-sequence tokens that are also prose (`</s>`, sentencepiece's end and HTML's
# strikethrough closer): markup only where one ends the stream on a line of its own or after
# markup (ERNIE's `…</tool_call>\n</s>`), as the whole text the model wrote last; anywhere else
# text.  Watched as `TOKEN\n`, the spelling watch.cut_token matches at the end of the stream.
LAST_TOKENS = ("</s>",)

# End-of-turn special tokens a server left in the text (it did not skip special tokens): never
# content.  `</s>` is not among them (LAST_TOKENS): it is also HTML's strikethrough.  Beyond the ones families
# are known to write, a token is one by its parts: a word that says the turn, message or
# sequence ends, in any spelling of a special token (`<eos>`: Gemma 4 on oMLX; `<|end_of_msg|>`:
# Kimi K3), upper case too.  (`<|eot|>` and `<|eom|>` are not among the words: harmony's and
# Muse's messages end with them, read by those families.)
_END_WORDS = ("eos", "end_of_turn", "end_of_text", "endoftext", "end_of_message", "end_of_msg", "endofturn",
              "endofmessage", "end_of_sentence", "end_turn")
END_TOKENS = tuple(dict.fromkeys(
    ("<|im_end|>", "<|eot_id|>", "<|eom_id|>", "<｜end▁of▁sentence｜>",
     "<|plamo:tag|>")                                     # PLaMo 3's (vllm plamo3 reasoning parser)
    + tuple(f"<{o}{w}{c}>" for word in _END_WORDS for w in (word, word.upper())
            for o, c in (("", ""), ("|", "|"), ("｜", "｜")))))


class _AnyThink:
    """The prompt opened a thinking block whose syntax we have not seen: any closer ends it."""
    name = "any"
    opens = ()
    closes = tuple(sorted({c for t in SYNTAXES if not t.start_only for c in t.closes}))


ANY_THINK = _AnyThink()


class _MaybeThink(_AnyThink):
    """Nothing says whether the prompt opened thinking (no template, no switch, no opener or
    closer yet): a call after prose may be a draft inside it (Qwen3.5 through a server that
    serves no template).  Only a later closer with no opener says so; visible text does not
    (a model that does not think may write on after its call)."""
    name = "maybe"


MAYBE_THINK = _MaybeThink()
# A thinking block's syntax, once open: a known one, or ANY_THINK.
OpenThinking: TypeAlias = "Thinking | _AnyThink"


class Thought:
    """The thinking state of one stream, in one place.

    States: outside, or inside `open` (a syntax).  Moves: `opened` (an opener), `closed` (its
    closer), `stray` (a closer never opened: the prompt opened it), `call_opened` (a tool-call
    opener ends thinking implicitly) and `released` (that block held no call: back to where it
    was).  The Sieve asks `inside` and `routes` where text goes.
    """

    __slots__ = ("open", "before", "mode", "legacy", "asked", "from_session", "seen",
                 "evidence", "strayed", "templated")

    def __init__(self, mode: str, thinking: bool | None, session: Session | None = None) -> None:
        self.asked = thinking                       # what the request said (None: nothing)
        # The session says the prompt opens the block (its template; or learnt: see Session).
        self.from_session = thinking is None and session is not None and session.opens_thinking
        if self.from_session:
            thinking = True
        self.mode = mode
        self.legacy = mode == "deepseek-legacy"     # thinking stays inline in content too
        self.open: Thinking | _AnyThink | None = ANY_THINK if thinking and mode != "none" else None
        self.before: Thinking | _AnyThink | None = None   # what call_opened() ended (released() restores it)
        # A chat template says whether the prompt opens thinking (callsieve.templates.seed_session).
        self.templated = bool(getattr(session, "templated", False))
        self.seen = False            # a thinking block was opened in this turn
        self.strayed = False         # a closer with no opener came in this turn
        self.evidence = False        # a closer showed that the prompt opened the block (stray)

    @property
    def inside(self) -> bool:
        return self.open is not None

    @property
    def to_reasoning(self) -> bool:
        """Does text now go to Reasoning (a block is open and thinking is separated)?"""
        return self.open is not None and self.mode != "none"

    @property
    def unknown(self) -> bool:
        """Does nothing say whether the prompt opened thinking (see MAYBE_THINK)?"""
        return (self.open is None and self.asked is None and not self.from_session
                and not self.templated and not self.seen and not self.strayed and self.mode != "none")

    @property
    def calls_now(self) -> bool:
        """Are call openers watched as calls right now (outside thinking), whatever the
        Sieve's calls_in_reasoning says?"""
        return self.open is None

    def save(self) -> tuple:
        """What reading a region as a call changes here (see Tentative)."""
        return self.open, self.seen, self.strayed

    def restore(self, state: tuple) -> None:
        self.open, self.seen, self.strayed = state
        self.before = None

    @property
    def separated(self) -> bool:
        """Does thinking text go to Reasoning (else it stays inline in the content)?  Then
        thinking markers are watched, whatever the request said: thinking turned off changes
        only where the output starts (outside a block).  A block the model writes anyway is
        still a thought, so it goes to reasoning, never into the answer as tags (Hunyuan and
        Qwen3 think despite the switch; the template's own empty no-think block, which they
        echo, is an empty thought: nothing)."""
        return self.mode != "none"

    def opened(self, syntax: OpenThinking) -> None:
        self.open = syntax
        self.seen = True

    def closed(self) -> Lead:
        """The block closed.  Returns how whitespace right after it is read."""
        self.open = None
        return self._after()

    def stray(self, evidence: bool) -> Lead:
        """A closer with no opener: the template opened the block in the prompt, or a model
        closing one it never opened (prose quoting it, a prompt-injected document).  `evidence`:
        it stood where the prompt's block would end (see Sieve._stray_evidence)."""
        if evidence and not self.seen:
            self.evidence = True
        self.strayed = True
        return self._after()

    def verdict(self, calls: int, content: bool) -> bool | None:
        """What this turn says about the prompt opening thinking, for a Session to learn: True
        (it did), False (it did not), None (nothing: the request said, or a call was made)."""
        if self.asked is not None or self.mode == "none" or calls:
            return None
        if self.evidence:
            return True
        if self.from_session:                       # started inside: did a closer end it?
            return self.open is not ANY_THINK
        return False if content and not self.seen else None

    def _after(self) -> Lead:
        # After a closer, whitespace is layout; legacy keeps thinking inline, so it keeps it too.
        return Lead.LAYOUT if not self.legacy else Lead.TEXT

    def call_opened(self) -> None:
        """A tool-call opener: thinking ends here (models often skip the closer before a call)."""
        self.before, self.open = self.open, None

    def released(self) -> None:
        """The block held no call: thinking is back to where it was."""
        self.open, self.before = self.before, None
