"""The translators' tools: the catalogue workflow (``catalog``) and the CJK font subsets
(``fonts``); ``python -m chabudai.tools.i18n --help`` lists the commands."""
