"""Thinking: the markers that wrap a model's reasoning, and the one state machine that follows them.

The Sieve watches these markers with the same scanner as tool-call openers.  `opens` start a
block, `closes` end it; `strip` markers (answer wrappers, stray section tokens) are removed from
content.  Markers that are plain words are only recognised at the start of the output.  The
syntaxes are described in docs/formats-literal.md ("Reasoning").
"""
from __future__ import annotations

from dataclasses import dataclass

MODES = ("none", "auto", "deepseek", "deepseek-legacy")


def thinking_of(chat_template_kwargs: dict | None, reasoning_effort=None) -> bool | None:
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


@dataclass(frozen=True)
class Thinking:
    name: str
    opens: tuple[str, ...]
    closes: tuple[str, ...]
    start_only: bool = False     # plain-text markers: only as the first thing in the output


SYNTAXES = (
    Thinking("think", ("<think>",), ("</think>",)),
    Thinking("thinking", ("<thinking>",), ("</thinking>",)),
    Thinking("mistral", ("[THINK]",), ("[/THINK]",)),
    Thinking("seed", ("<seed:think>",), ("</seed:think>",)),
    Thinking("kimi", ("◁think▷",), ("◁/think▷",)),
    Thinking("gemma4", ("<|channel>thought\n", "<|channel>thought"), ("<channel|>",)),
    Thinking("command", ("<|START_THINKING|>",), ("<|END_THINKING|>",)),
    Thinking("minimax_m3", ("<mm:think>",), ("</mm:think>",)),
    Thinking("apertus", ("<|inner_prefix|>",), ("<|inner_suffix|>",)),
    Thinking("k2_horizon", ("<ifm|think>", "<ifm|think_fast>", "<ifm|think_faster>"), ("</ifm|think>",)),
    Thinking("kimi_k3", ("<|open|>think<|sep|>",), ("<|close|>think<|sep|>",)),
    Thinking("plamo3", ("<|plamo:begin_think:plamo|>",), ("<|plamo:end_think:plamo|>",)),
    Thinking("granite", ("Here is my thought process:",), ("Here is my response:",), start_only=True),
)

# Wrappers around the answer: removed from content, the text inside kept.
STRIP = ("<answer>", "</answer>", "<response>", "</response>",
         "<|START_RESPONSE|>", "<|END_RESPONSE|>", "<|START_TEXT|>", "<|END_TEXT|>",
         "<|open|>response<|sep|>", "<|close|>response<|sep|>")   # Kimi K3's reply channel

# End-of-turn special tokens a server left in the text (it did not skip special tokens): never
# content.  `</s>` is not among them: it is also HTML's strikethrough.
END_TOKENS = ("<|im_end|>", "<|eot_id|>", "<|eom_id|>", "<|endoftext|>", "<|end_of_text|>",
              "<end_of_turn>", "<｜end▁of▁sentence｜>")


class _AnyThink:
    """The prompt opened a thinking block whose syntax we have not seen: any closer ends it."""
    name = "any"
    opens = ()
    closes = tuple(sorted({c for t in SYNTAXES if not t.start_only for c in t.closes}))


ANY_THINK = _AnyThink()


class Thought:
    """The thinking state of one stream, in one place.

    States: outside, or inside `open` (a syntax).  Moves: `opened` (an opener), `closed` (its
    closer), `stray` (a closer never opened: the prompt opened it), `call_opened` (a tool-call
    opener ends thinking implicitly) and `released` (that block held no call: back to where it
    was).  The Sieve asks `inside` and `routes` where text goes.
    """

    __slots__ = ("open", "before", "mode", "legacy", "detect", "session")

    def __init__(self, mode: str, thinking: bool | None, session=None):
        if thinking is None and session is not None and session.opens_thinking:
            thinking = True
        self.mode = mode
        self.legacy = mode == "deepseek-legacy"     # thinking stays inline in content too
        self.session = session
        self.open = ANY_THINK if thinking and mode != "none" else None
        self.before = None
        # Thinking turned off by the request: a model's stray thinking markers are content.
        self.detect = mode != "none" and thinking is not False

    @property
    def inside(self) -> bool:
        return self.open is not None

    @property
    def separated(self) -> bool:
        """Does thinking text go to Reasoning (else it stays inline in the content)?"""
        return self.mode != "none"

    def opened(self, syntax) -> None:
        self.open = syntax

    def closed(self):
        """The block closed.  Returns how whitespace right after it is treated ("drop": layout)."""
        self.open = None
        return self._after()

    def stray(self, calls_so_far: int):
        """A closer with no opener: the template opened the block in the prompt (a Session
        learns it, on a turn without calls before it), or a model closing one it never opened."""
        if self.session is not None and not calls_so_far:
            self.session.opens_thinking = True
        return self._after()

    def _after(self):
        # After a closer, whitespace is layout; legacy keeps thinking inline, so it keeps it too.
        return "drop" if not self.legacy else False

    def call_opened(self) -> bool:
        """A tool-call opener: thinking ends here (models often skip the closer before a call).
        True if that changed the state."""
        self.before = self.open
        if self.open is None:
            return False
        self.open = None
        return True

    def released(self) -> bool:
        """The block held no call: thinking is back to where it was.  True if that changed it."""
        changed = self.before is not self.open
        self.open, self.before = self.before, None
        return changed
