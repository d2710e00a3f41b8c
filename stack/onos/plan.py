"""Which bundles, features and apps the runtime carries, and where each bundle comes from.

Starts from the boot features (tools/package/features) and the apps below, follows every app's required apps and
every bundle's deps through the BUILD files, and sorts the bundles so that each comes after what it compiles against.
"""
from dataclasses import dataclass, field

from . import bazel
from .common import BuildError, Coord

# The apps the runtime must carry: the ones the integration harness and `make run` boot
# (nidslib.session BOOT_APPS), what our app requires (drivers.p4runtime, reached through drivers.bmv2), the
# pipeline examples' basic pipeconf, the gNMI driver, and the default drivers ONOS activates on every start.
ROOT_APPS = ["org.onosproject.drivers.bmv2", "org.onosproject.lldpprovider", "org.onosproject.hostprovider",
             "org.onosproject.gui", "org.onosproject.pipelines.basic", "org.onosproject.drivers.gnmi",
             "org.onosproject.drivers"]

# App name -> the package of its onos_app rule (ONOS names most apps after their package, not all).
APP_PACKAGES = {
    "org.onosproject.drivers": "//drivers/default",
    "org.onosproject.drivers.bmv2": "//drivers/bmv2",
    "org.onosproject.drivers.gnmi": "//drivers/gnmi",
    "org.onosproject.drivers.p4runtime": "//drivers/p4runtime",
    "org.onosproject.generaldeviceprovider": "//providers/general",
    "org.onosproject.gui": "//web/gui",
    "org.onosproject.hostprovider": "//providers/host",
    "org.onosproject.lldpprovider": "//providers/lldp",
    "org.onosproject.p4runtime": "//providers/p4runtime",
    "org.onosproject.pipelines.basic": "//pipelines/basic",
    "org.onosproject.protocols.gnmi": "//protocols/gnmi",
    "org.onosproject.protocols.grpc": "//protocols/grpc",
    "org.onosproject.protocols.p4runtime": "//protocols/p4runtime",
}

# drivers.bmv2 requires the Stratum drivers, which need gNOI and are not built; the "bmv2" driver itself extends
# only "p4runtime" (its "stratum-bmv2" sibling is dropped from the bundle's driver file, see compile.py).
DROPPED_REQUIRED_APPS = {"org.onosproject.drivers.stratum"}

BOOT_FEATURES = ["onos-thirdparty-base", "onos-thirdparty-web", "onos-api", "onos-core", "onos-cli", "onos-rest"]

# Bundles added to a boot feature. ONOS's wrapped protobuf exports com.google.protobuf at its bundle version 2.7.0,
# which satisfies optional imports of netty 4.1 (io.netty.codec, [2.6,3)) and netty 3 (org.jboss.netty, [2.5,3)),
# both booted with onos-thirdparty-base. Arriving later with the first gRPC app, it made Karaf rewire netty and
# refresh everything wired to it, the whole ONOS core included, while the boot apps were being activated; some
# boots never recovered. Booted with netty, it is wired from the start and no app install refreshes the core.
BOOT_EXTRA_BUNDLES = {"onos-thirdparty-base": ["//deps:com_google_protobuf_protobuf_java"]}

# ONOS bundles Maven Central carries as released 2.7.0 artifacts (the release's own jars): used as they are.
RELEASED_BUNDLES = {
    "onlab-misc", "onlab-osgi", "onlab-rest", "onos-api", "onos-core-common", "onos-core-serializers", "onos-cli",
    "onos-rest", "onos-protocols-grpc-api", "onos-protocols-grpc-utils", "onos-protocols-p4runtime-api",
    "onos-protocols-p4runtime-model", "onos-protocols-p4runtime-proto", "onos-drivers-p4runtime",
    "io_grpc_grpc_api_context", "io_grpc_grpc_stub", "io_grpc_grpc_protobuf", "com_google_protobuf_protobuf_java",
}

GUI_LABEL = "//web/gui:onos-web-gui"     # a genrule around //web/gui:onos-gui-jar (gui.py)

# The build tools ONOS's macros run (java_binary rules), and their classpath.
TOOLS = {
    "osgiwrap": ("utils/osgiwrap", "org.onlab.osgiwrap.OSGiWrapper",
                 ["@com_google_guava_guava//jar", "@bndlib//jar", "@org_apache_felix_scr_bnd//jar",
                  "@slf4j_api//jar", "@slf4j_nop//jar"]),
    "cfgdef": ("tools/build/cfgdef", "org.onosproject.cfgdef.CfgDefGenerator",
               ["@jackson_annotations//jar", "@jackson_core//jar", "@jackson_databind//jar",
                "@com_google_guava_guava//jar", "@qdox//jar"]),
}


@dataclass
class Bundle:
    """A bundle of the runtime. origin: built (compile.py), released (Maven Central), gui (gui.py)."""
    label: str
    origin: str
    rule: bazel.Rule = None
    deps: list = field(default_factory=list)

    @property
    def name(self):
        return self.label.split(":")[1]


class Plan:
    def __init__(self, build):
        self.build = build
        self.workspace = bazel.Workspace(build)
        self.files = bazel.BuildFiles(build, self.workspace)
        self.features = [self.files.rule(f"//tools/package/features:{name}") for name in BOOT_FEATURES]
        for feature in self.features:
            extra = BOOT_EXTRA_BUNDLES.get(feature.name, [])
            feature.attrs["included_bundles"] += [b for b in extra if b not in feature.attrs["included_bundles"]]
        self.apps = self._apps()
        self.bundles = {}       # label -> Bundle, in dependency order
        self.external = {}      # Coord.key() -> Coord of every @x//jar reached
        for feature in self.features:
            for label in feature.attrs["included_bundles"]:
                self._visit(label, [])
        for app in self.apps:
            for label in app["included_bundles"] + app["excluded_bundles"]:
                self._visit(label, [])
        for _, _, deps in TOOLS.values():
            for label in deps:
                self._visit(label, [])

    def _apps(self):
        apps, todo, seen = [], list(ROOT_APPS), set()
        while todo:
            name = todo.pop(0)
            if name in seen:
                continue
            seen.add(name)
            if name not in APP_PACKAGES:
                raise BuildError(f"app {name} is required but its package is unknown (plan.APP_PACKAGES)")
            app = self.files.app(APP_PACKAGES[name])
            app.attrs["required_apps"] = [a for a in app["required_apps"] if a not in DROPPED_REQUIRED_APPS]
            apps.append(app)
            todo += app["required_apps"]
        return apps

    def _visit(self, label, path):
        if label.startswith("@"):
            coord = self.workspace.coord(label)
            self.external[coord.key()] = coord
            return
        if label in self.bundles:
            return
        if label in path:
            raise BuildError(f"dependency cycle: {' -> '.join(path + [label])}")
        bundle = self._bundle(label)
        for dep in bundle.deps:
            self._visit(dep, path + [label])
        self.bundles[label] = bundle

    def _bundle(self, label):
        if label == GUI_LABEL:
            return Bundle(label, "gui", deps=["//web/gui:onos-gui-jar"])
        name = label.split(":")[1]
        if name in RELEASED_BUNDLES:
            # Its rule (when the tree has one) tells what is on the classpath of bundles compiled against it.
            try:
                deps = self.files.rule(label).deps
            except BuildError:
                deps = []
            return Bundle(label, "released", deps=deps)
        rule = self.files.rule(label)
        return Bundle(label, "built", rule=rule, deps=rule.deps)

    # --- queries -------------------------------------------------------------------------------------------------

    def coord(self, label):
        """The Maven coordinates a bundle is known by in features and apps."""
        return self.workspace.coord(label) if label.startswith("@") else Coord.onos_bundle(label.split(":")[1])

    def jar(self, label):
        """The file of a bundle: in the build's Maven repository (external, released) or built here."""
        if label.startswith("@"):
            return self.workspace.coord(label).path(self.build.m2)
        if self.bundles[label].origin == "released":
            return Coord.onos_bundle(label.split(":")[1]).path(self.build.m2)
        return f"{self.build.bundles}/{label.split(':')[1]}.jar"

    def closure(self, deps):
        """`deps` and everything they depend on, transitively (labels, each once, in walk order)."""
        seen = []

        def walk(label):
            if label in seen:
                return
            seen.append(label)
            if not label.startswith("@"):
                for dep in self.bundles[label].deps:
                    walk(dep)

        for dep in deps:
            walk(dep)
        return seen

    def classpath(self, deps):
        """The transitive jars of `deps`, as Bazel puts them on javac's classpath."""
        return [self.jar(label) for label in self.closure(deps)]

    def tool_classpath(self, tool):
        return [f"{self.build.work}/tools/{tool}.jar"] + [self.jar(d) for d in TOOLS[tool][2]]

    def maven_artifacts(self):
        """Every artifact the build takes from Maven Central, besides the code generators (fetch.py adds those)."""
        artifacts = dict(self.external)
        for bundle in self.bundles.values():
            if bundle.origin == "released":
                coord = Coord.onos_bundle(bundle.name)
                artifacts[coord.key()] = coord
        return list(artifacts.values())

    def summary(self):
        origins = {}
        for b in self.bundles.values():
            origins[b.origin] = origins.get(b.origin, 0) + 1
        return (f"{len(self.apps)} apps, {len(self.bundles)} ONOS bundles ({origins.get('built', 0)} built here, "
                f"{origins.get('released', 0)} released on Central), {len(self.external)} third-party jars")
