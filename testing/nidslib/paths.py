"""Where things are in the repository. The package lives in it (testing/nidslib) and is installed editable, so the
repository root is found from this file."""
import os

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VENV = os.path.join(REPO_ROOT, ".venv")
BUILD = os.path.join(REPO_ROOT, "build")
# The P4 outputs the pipeconf ships (committed; `make p4-build` refreshes them).
P4_OUT = os.path.join(REPO_ROOT, "pipeconf", "src", "main", "resources", "p4c-out", "bmv2")
P4INFO = os.path.join(P4_OUT, "p4info.txt")
BMV2_JSON = os.path.join(P4_OUT, "bmv2.json")
NIDS_MODEL = os.path.join(REPO_ROOT, "model-tools", "bin", "nids-model")
# The public datasets, beside the repository (suites that need them skip where absent).
DATASETS = os.path.join(os.path.dirname(REPO_ROOT), "shared", "datasets")
