"""LongCat-Flash XML calls: <longcat_tool_call>NAME<longcat_arg_key>K</longcat_arg_key>
<longcat_arg_value>V</longcat_arg_value></longcat_tool_call> (docs/syntax.md#longcat_xml).

The GLM-4.5 layout under LongCat's own tag names, as the LongCat-Flash-Thinking / Omni chat
templates write it; sources: mlx-lm's `tool_parsers/longcat.py` (the regexes
`<longcat_arg_key>(.*?)</longcat_arg_key>\\s*<longcat_arg_value>(.*?)</longcat_arg_value>`)
and vLLM's LongcatFlash parser.  The JSON spelling (<longcat_tool_call>{"name": …}) is
tool_call_tag's: the opener is shared, this format claims it when a name and an arg tag follow.
Values are bare text typed by the declared schema, as GLM's.

A family of known parts, declared with no code (formats/_parts.py): the wrapper, a name then
key/value tags (known by their role: the value tag is spelled from the key tag), JSON values.
"""
from ._parts import Family, KeyValue

LONGCAT_XML = Family(
    "longcat_xml", "<longcat_tool_call>", KeyValue("<longcat_arg_key>", trim_nl=False),
    closer="</longcat_tool_call>", syntax="xml", aliases=("longcat_flash_xml",),
    name_inline=True,        # its tag stripped: a declared NAME then <longcat_arg_key> opening the content
    description="LongCat-Flash <longcat_tool_call>NAME<longcat_arg_key>…<longcat_arg_value>…",
    example=("<longcat_tool_call>get_weather\n<longcat_arg_key>city</longcat_arg_key>\n"
             "<longcat_arg_value>Beijing</longcat_arg_value>\n</longcat_tool_call>"))
