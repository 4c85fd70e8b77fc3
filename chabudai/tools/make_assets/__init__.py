"""Asset generator: every card face, back, token, table background, icon and sound is drawn by code.

Run ``python -m chabudai.tools.make_assets`` to (re)write ``assets/``; the outputs are committed so the game
starts without running it. One module per game (`koikoi`, `nanatoridori`, `nar`, `nimalia`), the
interface (`table`), the sounds (`sounds`), shared drawing helpers (`draw`) and the orchestration
(`build`, `sheet`).
"""
