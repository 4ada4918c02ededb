"""``rules study`` and the named policies: the parts of a study that know the games.

The game-neutral parts are in the kernel (:mod:`rules.kernel.policies`,
:mod:`rules.kernel.study`); here are the per-game score functions the greedy
policy maximises (:mod:`rules.studies.scores`), the policies by name
(:mod:`rules.studies.policies`), the runner over processes or a Ray cluster
(:mod:`rules.studies.run`), the table, CSV and plot (:mod:`rules.studies.report`)
and the command (:mod:`rules.studies.command`). Issue 21; docs/studies.rst.
"""
