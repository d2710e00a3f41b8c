"""The feature catalog's names (docs/features.md) in id order, from the P4 program's FeatureId_t (generated
constants): the columns of a flow dataset, the fields of a report, in one place."""
from . import constants

# FeatureId_t 0 is NONE (an unused classifier slot), not a feature.
FEATURES = tuple(name for name, fid in sorted(constants.FEATURE_ID_T.items(), key=lambda item: item[1]) if fid)
