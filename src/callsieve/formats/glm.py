"""GLM-4.5 … GLM-5: <tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value></tool_call> (docs/syntax.md#glm)."""
import re

from . import MAYBE, NO, YES, Format, Verdict, declared
from ..reader import Reject
from ._xml import LOOK, Dialect, Tag, block, tag_after

# The name runs from <tool_call> to a newline, <tool_sep> (HY-V3), <arg_key> or </tool_call>, or
# to a stray </arg_value> (`<tool_call>f</arg_value></tool_call>`: a call with no arguments that
# closes a value it never opened; the closer is dropped as text between the call's tags).
NAME = r"\s*(?P<name>[^<>\s]+?)\s*(?:<tool_sep(?::\w+)?>)?"
# A newline ends the name only right after it: one after a glued key's </arg_key> (or after other
# whitespace) may still be followed by that key's <arg_value>, and what the tag is must not depend
# on whether the chunk ended there.
NAME_END = r"<tool_sep(?::\w+)?>|(?=<arg_key[:>]|</tool_call|</arg_value>)|(?<![>\s])\n"
# The first <arg_key> left out, its key glued to the name (`<tool_call>grep_toolpattern</arg_key>`):
# the call tag then runs through that key's closer, and a declared tool's name split off its start
# is the name (`split_glued`); without a declared name to split on, the block is text.
KEY_CLOSE = r"(?:</arg_key>\s*)+"       # a closer written twice (`</arg_key></arg_key>`) is one
# The glued key may also follow the name after a space (`<tool_call>browser_action task</arg_key>`,
# vllm#47190) or after a second <tool_call> written for the <arg_key> (getsigit/sigit#95).
SEP = r"(?:[ \t]+|<tool_call>)"
GLUED = r"\s*(?P<glued>[^<>\s]+?(?:" + SEP + r"[^<>\s]+)?)" + KEY_CLOSE + r"(?P<opened><arg_value>)?"
GLUED_END = KEY_CLOSE + r"(?:<arg_value>|(?=[^\s<]))"
# A value whose <arg_value> was left out (`<arg_key>q</arg_key>hi</arg_value>`) is read up to its
# own closer, which it must then have (`opened` unmatched: no lenient end, docs/syntax.md#glm).
# So is an opener written twice (`<arg_key><arg_key>path</arg_key>`, vllm-project/vllm#54971).
# A typed variant writes the value's type between the key and the value
# (`</arg_key><arg_type>string</arg_type><arg_value>`): a string type keeps the value text.
TYPED = r"(?:<arg_type>\s*(?P<type>[^<>]*?)\s*</arg_type>\s*)?"
PAIR = Tag(("<arg_key>",), r"(?:<arg_key>\s*)+(?P<key>(?:(?!</arg_key>).)*?)\s*" + KEY_CLOSE + TYPED
           + r"(?P<opened><arg_value>)?", end=KEY_CLOSE + r"(?:<arg_type>[^<>]*</arg_type>\s*)?"
           r"(?:<arg_value>|(?=[^\s<]))")

_IDENT = re.compile(r"\s*[A-Za-z_][\w.\-]*")
_SPACED_KEY = re.compile(r"\s*[A-Za-z_][\w.\-]*" + SEP + r"([^<>\s]*)")
_SPLIT = re.compile(SEP)
_AFTER = ("<arg_key>", "</tool_call>", "</arg_key>", "</arg_value>")


def name_after(look: str, eof: bool, after=_AFTER) -> Verdict:
    """YES when an identifier and then one of `after` follow, MAYBE while they still may."""
    look = look[:LOOK]
    m = _IDENT.match(look)
    if m is None:
        return MAYBE if not eof and not look.strip() else NO
    if m.end() == len(look):
        return NO if eof else MAYBE
    return tag_after(look[m.end():], eof, after)


class Glm(Format):
    name = "glm"
    syntax = "xml"
    aliases = ("glm45", "glm47", "glm4")
    description = "GLM-4.5 / 4.6 / 4.7 / 5 <tool_call>NAME<arg_key>…</arg_key><arg_value>…</arg_value>"
    openers = ("<tool_call>",)
    closer = "</tool_call>"
    models = ("glm-4.5*", "glm-4.6*", "glm-4.7*", "glm-5*", "ling-3*", "laguna*")
    example = "<tool_call>play_song<arg_key>title</arg_key><arg_value>Blue Train</arg_value></tool_call>"
    # A GLM turn ends by writing the next role's token, not an end-of-turn token: <|observation|>
    # after a call (the tool result's turn), <|user|> after an answer (fw-ai/cookbook#400).  A
    # server that keeps special tokens leaves them after the call: never content.
    specials = ("<|observation|>", "<|user|>", "<|assistant|>", "<|system|>")

    body = Dialect(call=Tag(("<tool_call>",), r"<tool_call>(?:" + NAME + "|" + GLUED + ")",
                            end=NAME_END + "|" + GLUED_END),
                   call_close=("</tool_call>",), param=PAIR, value_close=("</arg_value>",), many=False)

    def decide(self, opener, look, eof, ctx):
        verdict = name_after(look, eof)
        m = _SPACED_KEY.match(look[:LOOK])
        if verdict is NO and not m and not eof:      # the separating <tool_call> not all here yet
            i = _IDENT.match(look)
            rest = look[i.end():LOOK] if i else ""
            if rest and "<tool_call>".startswith(rest):
                return MAYBE
        if verdict is NO and m:               # a name, a separator, a key glued to its </arg_key>
            tail = look[m.end():LOOK]
            if m.group(1) and tail.startswith("</arg_key>"):
                return YES
            return MAYBE if not eof and "</arg_key>".startswith(tail) else NO
        return verdict

    def parse(self, r, ctx, opener):
        r.push_front(opener)          # the opener is also the call's tag, which holds the name
        yield from block(r, ctx, self.body, name_of=split_glued(ctx))


def split_glued(ctx):
    """A call tag's name, or (name, key) when its first key is glued to it: the longest declared
    tool name the glued text starts with, the rest the key (Reject when none fits)."""
    def name_of(tag):
        glued = tag.group("glued")
        if glued is None:
            return tag.group("name")
        parts = _SPLIT.split(glued)
        if len(parts) == 2:                   # NAME KEY: the name must be a declared tool's
            name, key = parts
            if not declared(ctx, name):
                raise Reject("a key glued to an undeclared name")
            return name, key
        names = sorted((n for n in (ctx.tools or ()) if glued.startswith(n) and len(n) < len(glued)),
                       key=len, reverse=True)
        if not names:
            raise Reject("a key glued to an undeclared name")
        return names[0], glued[len(names[0]):]
    return name_of
