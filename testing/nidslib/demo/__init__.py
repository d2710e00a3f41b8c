"""The code of `make run` (the tool util/demo/run.py): the story (scenario), what it prints (story), the model it
serves (models), and its online (ONOS + BMv2) and offline (lab + `nids-model simulate`) runs."""
