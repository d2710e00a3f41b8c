"""Reads ONOS's Bazel files: the Maven coordinates and dependency lists of the workspace, and each package's BUILD
rules, by executing them (they are Starlark, which is Python here) with stand-ins for ONOS's macros that record what
each macro was asked to build."""
import glob
import os
import re
from dataclasses import dataclass, field

from . import ONOS_VERSION
from .common import BuildError, Coord, ONOS_GROUP


@dataclass
class Rule:
    """One build rule of a BUILD file. kind: osgi (java bundle), proto (osgi_proto_jar), wrapped (wrapped_osgi_jar),
    feature (osgi_feature)."""
    label: str
    kind: str
    attrs: dict = field(default_factory=dict)

    @property
    def package(self):
        return self.label[2:].split(":")[0]

    @property
    def name(self):
        return self.label.split(":")[1]

    @property
    def deps(self):
        return self.attrs.get("deps", [])


@dataclass
class AppRule:
    """An onos_app(...) of a BUILD file."""
    package: str
    attrs: dict

    def __getitem__(self, key):
        return self.attrs[key]


def absolute(package, label):
    """A label as written in package `package` -> //pkg:name (external @x//jar labels stay as they are)."""
    if label.startswith(":"):
        return f"//{package}{label}"
    if label.startswith("//") and ":" not in label:
        return f"{label}:{label.rsplit('/', 1)[-1]}"
    return label


def _exec_file(path, scope):
    with open(path) as f:
        code = compile(f.read(), path, "exec")
    exec(code, scope)  # noqa: S102 - ONOS's own build files, pinned commit
    return scope


class Workspace:
    """tools/build/bazel/generate_workspace.bzl and modules.bzl: external jars and the shared dependency lists."""

    def __init__(self, build):
        bazel_dir = build.source("tools", "build", "bazel")
        scope = {"load": lambda *a, **k: None, "ONOS_GROUP_ID": ONOS_GROUP, "ONOS_VERSION": ONOS_VERSION}
        _exec_file(os.path.join(bazel_dir, "generate_workspace.bzl"), scope)
        self.artifacts = scope["artifact_map"]
        _exec_file(os.path.join(bazel_dir, "modules.bzl"), scope)
        self.lists = {k: v for k, v in scope.items() if k.isupper() and isinstance(v, list)}

    def coord(self, label):
        """Maven coordinates of an external label, @name//jar or @name//:name."""
        m = re.fullmatch(r"@([^/]+)//(:?jar|:[^:]+)", label)
        if not m or f"@{m.group(1)}//:{m.group(1)}" not in self.artifacts:
            raise BuildError(f"no Maven coordinates for {label} in generate_workspace.bzl")
        return Coord.parse_onos(self.artifacts[f"@{m.group(1)}//:{m.group(1)}"])


class BuildFiles:
    """The BUILD files of the ONOS tree, each evaluated once, on demand."""

    def __init__(self, build, workspace):
        self.build = build
        self.workspace = workspace
        self.rules = {}
        self.apps = {}      # //package -> AppRule
        self.protos = {}    # label -> {"srcs": [...]} of proto_library rules
        self.filegroups = {}  # label -> files (paths relative to the package)
        self.done = set()

    def rule(self, label):
        self.load(label[2:].split(":")[0])
        if label not in self.rules:
            raise BuildError(f"no rule {label} in the ONOS tree")
        return self.rules[label]

    def app(self, package):
        self.load(package[2:])
        if package not in self.apps:
            raise BuildError(f"no onos_app in {package}/BUILD")
        return self.apps[package]

    def load(self, package):
        if package in self.done:
            return
        self.done.add(package)
        path = self.build.source(package, "BUILD")
        if not os.path.isfile(path):
            raise BuildError(f"no BUILD file at {path}")
        scope = dict(self.workspace.lists)
        scope.update(_Macros(self, package).table())
        _exec_file(path, scope)


class _Macros:
    """Stand-ins for the macros a BUILD file of one package calls. Defaults follow ONOS's .bzl files."""

    def __init__(self, files, package):
        self.files = files
        self.package = package
        self.dir = files.build.source(package)

    def table(self):
        ignore = lambda *a, **k: None  # noqa: E731 - rules that build nothing the runtime needs
        return {
            "load": ignore, "glob": self.glob, "select": lambda cases: cases.get("//conditions:default", []),
            "osgi_jar": self.osgi_jar, "osgi_jar_with_tests": self.osgi_jar, "osgi_proto_jar": self.osgi_proto_jar,
            "proto_library": self.proto_library, "wrapped_osgi_jar": self.wrapped_osgi_jar,
            "onos_app": self.onos_app, "osgi_feature": self.osgi_feature,
            "genrule": ignore, "filegroup": self.filegroup, "exports_files": ignore, "java_library": ignore,
            "java_binary": ignore, "py_binary": ignore, "osgi_feature_repo": ignore,
        }

    def glob(self, include, exclude=(), **_):
        def matches(patterns):
            found = set()
            for pattern in patterns:
                found.update(p for p in glob.glob(os.path.join(self.dir, pattern), recursive=True) if os.path.isfile(p))
            return found
        return sorted(os.path.relpath(p, self.dir) for p in matches(include) - matches(exclude))

    def _labels(self, labels):
        return [absolute(self.package, label) for label in labels]

    def _default_name(self):
        return "onos-" + self.package.replace("/", "-")

    def _add(self, name, kind, **attrs):
        label = f"//{self.package}:{name}"
        self.files.rules[label] = Rule(label, kind, attrs)

    def osgi_jar(self, name=None, deps=None, srcs=None, resources_root=None, resources=None, include_resources=None,
                 web_context=None, import_packages="*", bundle_classpath="", karaf_command_packages=(),
                 group=ONOS_GROUP, version=ONOS_VERSION, **_):
        if srcs is None:
            srcs = self.glob(["src/main/java/**/*.java"])
        if resources is None:
            resources = self.glob([(resources_root or "src/main/resources/") + "**"])
        self._add(name or self._default_name(), "osgi", srcs=srcs, resources=resources,
                  deps=self._labels(self.files.workspace.lists["COMPILE"] if deps is None else deps),
                  include_resources=include_resources or {}, web_context=web_context,
                  web_xml=self.glob(["src/main/webapp/WEB-INF/web.xml"]), import_packages=import_packages,
                  bundle_classpath=bundle_classpath, karaf_commands=",".join(karaf_command_packages),
                  group=group, version=version)

    def osgi_proto_jar(self, proto_libs, grpc_proto_lib=None, name=None, deps=(), **_):
        # osgi_proto_jar adds protobuf (and, for gRPC services, the gRPC API) to what the generated code compiles with
        base = ["//deps:com_google_protobuf_protobuf_java"]
        if grpc_proto_lib:
            base += ["@com_google_guava_guava//jar", "//deps:io_grpc_grpc_api_context", "//deps:io_grpc_grpc_stub",
                     "//deps:io_grpc_grpc_protobuf", "@javax_annotation_javax_annotation_api//jar"]
        self._add(name or self._default_name(), "proto", proto_libs=self._labels(proto_libs),
                  grpc_proto_lib=absolute(self.package, grpc_proto_lib) if grpc_proto_lib else None,
                  deps=self._labels(base + list(deps)), import_packages="*")

    def proto_library(self, name, srcs=(), **_):
        self.files.protos[f"//{self.package}:{name}"] = {"srcs": [os.path.join(self.dir, s) for s in srcs]}

    def filegroup(self, name, srcs=(), **_):
        self.files.filegroups[f"//{self.package}:{name}"] = [s.lstrip(":") for s in srcs]

    def wrapped_osgi_jar(self, name, jar, deps=(), import_packages="*", fragment_host="", **_):
        self._add(name, "wrapped", jar=jar, deps=self._labels(deps), import_packages=import_packages,
                  fragment_host=fragment_host)

    def osgi_feature(self, name, included_bundles=(), required_features=("onos-api",), description="", **_):
        self._add(name, "feature", included_bundles=self._labels(included_bundles),
                  required_features=list(required_features), description=description)

    def onos_app(self, name=None, app_name=None, title=None, version=ONOS_VERSION, origin="ONOS Community",
                 category="Utility", url=None, description=None, feature_coords=None, required_features=("onos-api",),
                 required_apps=(), included_bundles=None, excluded_bundles=(), security=None, **_):
        name = name or self._default_name()
        app_name = app_name or "org.onosproject." + self.package.rsplit("/", 1)[-1]
        self.files.apps["//" + self.package] = AppRule("//" + self.package, dict(
            name=name, app_name=app_name, title=title or app_name, version=version, origin=origin,
            category=category, url=url, description=description,
            feature_coords=feature_coords or f"mvn:{ONOS_GROUP}:{name}:{ONOS_VERSION}",
            required_features=list(required_features), required_apps=list(required_apps),
            included_bundles=self._labels([f"//{self.package}:{name}"] if included_bundles is None
                                          else included_bundles),
            excluded_bundles=self._labels(excluded_bundles), security=security))
