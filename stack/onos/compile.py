"""Builds the bundles the plan marks `built`, as ONOS's osgi_jar / osgi_proto_jar / wrapped_osgi_jar macros do:
javac (--release 11), ONOS's cfgdef generator, then ONOS's bnd wrapper (OSGiWrapper) with the arguments
osgi_java_library.bzl passes it. Each bundle is skipped while the digest of its inputs matches its stamp."""
import concurrent.futures
import glob
import os
import re
import shutil
import tempfile
import zipfile

from . import ONOS_VERSION, fetch, gui
from .common import BuildError, Inputs, ONOS_GROUP, PLAIN_MANIFEST, Stamps, run, say, write_jar
from .plan import TOOLS

# The builder code whose edits change what this stage makes (common.py always counts).
CODE = [__file__] + [os.path.join(os.path.dirname(__file__), m) for m in ("bazel.py", "plan.py")]

JAVAC = ["javac", "--release", "11", "-nowarn", "-encoding", "UTF-8", "-proc:none", "-Xmaxerrs", "20"]

# The //deps gRPC bundles Maven Central lacks (ONOS builds them from its patched gRPC tree): the same classes come
# from the gRPC release jars; grpc-core is split by package as the fork's core:internal/inprocess/util targets are.
GRPC_SPLITS = {
    "io_grpc_grpc_core_internal": ("grpc-core", ["io/grpc/internal/"]),
    "io_grpc_grpc_core_inprocess": ("grpc-core", ["io/grpc/inprocess/"]),
    "io_grpc_grpc_core_util": ("grpc-core", ["io/grpc/util/"]),
    "io_grpc_grpc_netty": ("grpc-netty", None),
    "io_grpc_grpc_auth": ("grpc-auth", None),
    "io_grpc_grpc_protobuf_lite": ("grpc-protobuf-lite", None),
}

# gNMI protos as tools/build/bazel/gnmi_BUILD exposes them: proto_library name -> file in the gnmi tree.
GNMI_PROTOS = {"gnmi_proto": "proto/gnmi/gnmi.proto", "gnmi_ext_proto": "proto/gnmi_ext/gnmi_ext.proto"}


def compile_all(build, plan):
    """Every bundle to build, up to `build.jobs` at a time, each once all it compiles against is built."""
    tools(build, plan)
    stamps = Stamps(build)
    todo = {label: b for label, b in plan.bundles.items() if b.origin in ("built", "gui")}
    waits_for = {label: set(plan.closure(b.deps)) & set(todo) for label, b in todo.items()}
    done, built, running = set(), 0, {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, build.jobs)) as pool:
        while todo or running:
            ready = [label for label in todo if waits_for[label] <= done]
            for label in ready[:max(0, build.jobs - len(running))]:
                running[pool.submit(make_bundle, build, plan, todo.pop(label), stamps)] = label
            finished, _ = concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in finished:
                done.add(running.pop(future))
                try:
                    built += future.result()
                except BuildError:
                    todo.clear()    # let the bundles under way finish, start no more
                    for other in running:
                        other.cancel()
                    raise
    say(f"compile: {built} bundles built, the others up to date")


def make_bundle(build, plan, bundle, stamps):
    """1 when the bundle was (re)built, 0 when its stamp was current."""
    if bundle.origin == "gui":
        return gui.web_gui(build, plan, stamps)
    make = {"osgi": java_bundle, "proto": java_bundle, "wrapped": grpc_bundle}.get(bundle.rule.kind)
    if make is None:
        raise BuildError(f"{bundle.label}: no way to build a {bundle.rule.kind} rule")
    return make(build, plan, bundle.rule, stamps)


def tools(build, plan):
    """ONOS's bnd wrapper and cfgdef generator (java_binary rules of the tree), built once."""
    os.makedirs(os.path.join(build.work, "tools"), exist_ok=True)
    stamps = Stamps(build)
    for tool, (package, _, deps) in TOOLS.items():
        out = plan.tool_classpath(tool)[0]
        srcs = sorted(glob.glob(build.source(package, "src/main/java/**/*.java"), recursive=True))
        digest = Inputs(*CODE).files(srcs).value([plan.jar(d) for d in deps]).digest()
        if stamps.current(out, digest):
            continue
        with tempfile.TemporaryDirectory(dir=build.work) as tmp:
            run(JAVAC + ["-d", tmp, "-cp", ":".join(plan.jar(d) for d in deps)] + srcs, what=f"javac of {package}")
            write_jar(tmp, out, PLAIN_MANIFEST)
        stamps.record(out, digest)


def bnd(build, plan, rule, jar, out, classpath, web_root=""):
    """OSGiWrapper, with the 17 arguments osgi_java_library.bzl's _bnd_impl passes."""
    a = rule.attrs
    args = [jar, out, ":".join(classpath), rule.name, a.get("group", ONOS_GROUP), a.get("version", ONOS_VERSION),
            "",                                     # license
            a.get("import_packages", "*"), "*",     # import, export
            ",".join(f"{k}={v}" for k, v in a.get("include_resources", {}).items()),
            a.get("web_context") or "NONE", web_root,
            "",                                     # dynamic imports
            "classes", a.get("bundle_classpath", ""), a.get("karaf_commands", ""), a.get("fragment_host", "")]
    with tempfile.TemporaryDirectory(dir=build.work) as tmp:
        run([build.java(), "-cp", ":".join(plan.tool_classpath("osgiwrap")), TOOLS["osgiwrap"][1]] + args, cwd=tmp,
            what=f"bnd of {rule.label}")
    if not os.path.isfile(out):
        raise BuildError(f"bnd wrote no bundle for {rule.label}")


def patch_resource(rule, path, data):
    """Changes to a bundle's copy of an ONOS file (the source tree stays untouched)."""
    if rule.label == "//drivers/bmv2:onos-drivers-bmv2" and path.endswith("bmv2-drivers.xml"):
        # "stratum-bmv2" extends "stratum" (the Stratum drivers are not built): ONOS would refuse the whole file.
        text, dropped = re.subn(r'\s*<driver name="stratum-bmv2".*?</driver>', "", data.decode(), flags=re.S)
        if dropped != 1:
            raise BuildError(f"{rule.label}: no stratum-bmv2 driver to drop in {path}")
        return text.encode()
    return data


def resource_target(path):
    """Where a resource lands in the jar: Bazel strips the source-root prefix."""
    for root in ("src/main/resources/", "src/main/java/"):
        if path.startswith(root):
            return path[len(root):]
    return path


def java_bundle(build, plan, rule, stamps):
    out = plan.jar(rule.label)
    pkg_dir = build.source(rule.package)
    srcs = [os.path.join(pkg_dir, s) for s in rule.attrs.get("srcs", [])]
    resources = rule.attrs.get("resources", [])
    classpath = plan.classpath(rule.deps)
    inputs = Inputs(*CODE).files(srcs + [os.path.join(pkg_dir, r) for r in resources] + classpath).value(
        {k: v for k, v in rule.attrs.items() if k not in ("srcs", "resources")})
    if rule.kind == "proto":
        inputs.files([os.path.join(build.gnmi, p) for p in GNMI_PROTOS.values()])
    digest = inputs.digest()
    if stamps.current(out, digest):
        return 0
    say(f"compile {rule.label}")
    with tempfile.TemporaryDirectory(dir=build.work) as tmp:
        classes = os.path.join(tmp, "classes")
        os.makedirs(classes)
        if rule.kind == "proto":
            srcs = proto_sources(build, rule, os.path.join(tmp, "generated"))
        if srcs:
            listing = os.path.join(tmp, "sources")
            with open(listing, "w") as f:
                f.write("\n".join(srcs))
            run(JAVAC + ["-d", classes, "-cp", ":".join(classpath), "@" + listing], what=f"javac of {rule.label}")
            # Component property definitions (*.cfgdef), read by ONOS's ComponentConfigService.
            cfgdefs = os.path.join(tmp, "cfgdef.jar")
            run([build.java(), "-cp", ":".join(plan.tool_classpath("cfgdef")), TOOLS["cfgdef"][1], cfgdefs] + srcs,
                what=f"cfgdef of {rule.label}")
            with zipfile.ZipFile(cfgdefs) as z:
                z.extractall(classes, [n for n in z.namelist() if not n.startswith("META-INF/")])
        for resource in resources:
            target = os.path.join(classes, resource_target(resource))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(os.path.join(pkg_dir, resource), "rb") as f:
                data = patch_resource(rule, resource, f.read())
            with open(target, "wb") as f:
                f.write(data)
        plain = os.path.join(tmp, "plain.jar")
        write_jar(classes, plain, f"Manifest-Version: 1.0\r\nTarget-Label: {rule.label}\r\n\r\n")
        web_root = ""
        if rule.attrs.get("web_xml"):
            # In Bazel's sandbox the web root holds nothing but WEB-INF/web.xml (bnd adds all it finds there).
            web_root = os.path.join(tmp, "webroot") + "/"
            os.makedirs(web_root + "WEB-INF")
            shutil.copy(os.path.join(pkg_dir, rule.attrs["web_xml"][0]), web_root + "WEB-INF/web.xml")
        bnd(build, plan, rule, plain, out, [plan.jar(d) for d in rule.deps], web_root)
    stamps.record(out, digest)
    return 1


def proto_sources(build, rule, generated):
    """protoc (+ the grpc-java plugin for services) over the gNMI protos; returns the generated Java files."""
    protoc, plugin = fetch.PROTOC.path(build.m2), fetch.GRPC_JAVA_PLUGIN.path(build.m2)
    for exe in (protoc, plugin):
        os.chmod(exe, 0o755)
    include = os.path.join(generated, "proto")
    java_out = os.path.join(generated, "java")
    os.makedirs(java_out)
    with zipfile.ZipFile(fetch.PROTOBUF_JAVA.path(build.m2)) as z:
        z.extractall(include, [n for n in z.namelist() if n.endswith(".proto")])

    def gnmi_proto(label):
        name = label.split(":")[1]
        if not label.startswith("@com_github_openconfig_gnmi//") or name not in GNMI_PROTOS:
            raise BuildError(f"{rule.label}: proto library {label} is not one this build knows")
        # gnmi_BUILD strips the github.com/openconfig/gnmi/proto/ import prefix.
        rel = GNMI_PROTOS[name][len("proto/"):]
        with open(os.path.join(build.gnmi, GNMI_PROTOS[name])) as f:
            text = f.read().replace('import "github.com/openconfig/gnmi/proto/', 'import "')
        os.makedirs(os.path.dirname(os.path.join(include, rel)), exist_ok=True)
        with open(os.path.join(include, rel), "w") as f:
            f.write(text)
        return rel

    messages = [gnmi_proto(lib) for lib in rule.attrs["proto_libs"]]
    run([protoc, f"-I{include}", f"--java_out={java_out}"] + messages, what=f"protoc for {rule.label}")
    if rule.attrs.get("grpc_proto_lib"):
        run([protoc, f"-I{include}", f"--plugin=protoc-gen-grpc-java={plugin}", f"--grpc-java_out={java_out}",
             gnmi_proto(rule.attrs["grpc_proto_lib"])], what=f"protoc (gRPC) for {rule.label}")
    return sorted(glob.glob(os.path.join(java_out, "**", "*.java"), recursive=True))


def grpc_bundle(build, plan, rule, stamps):
    """A //deps gRPC bundle from the gRPC release jar (a part of it, for grpc-core)."""
    if rule.name not in GRPC_SPLITS:
        raise BuildError(f"{rule.label}: a wrapped jar this build does not know how to make")
    artifact, packages = GRPC_SPLITS[rule.name]
    source = fetch.grpc_release_jar(artifact).path(build.m2)
    out = plan.jar(rule.label)
    digest = Inputs(*CODE).files([source]).value(rule.attrs).value(packages).digest()
    if stamps.current(out, digest):
        return 0
    say(f"wrap {rule.label} from {os.path.basename(source)}")

    def wanted(entry):
        return packages is None or any(entry.startswith(p) for p in packages)

    with tempfile.TemporaryDirectory(dir=build.work) as tmp:
        classes = os.path.join(tmp, "classes")
        with zipfile.ZipFile(source) as z:
            for entry in z.namelist():
                if entry.endswith("/") or entry == "META-INF/MANIFEST.MF":
                    continue
                if packages is not None and entry.startswith("META-INF/services/"):
                    # A service file lists providers of every part: keep those of this part.
                    providers = [line for line in z.read(entry).decode().splitlines()
                                 if wanted(line.strip().replace(".", "/"))]
                    if providers:
                        os.makedirs(os.path.join(classes, "META-INF", "services"), exist_ok=True)
                        with open(os.path.join(classes, entry), "w") as f:
                            f.write("\n".join(providers) + "\n")
                elif packages is None or wanted(entry):
                    z.extract(entry, classes)
        plain = os.path.join(tmp, "plain.jar")
        write_jar(classes, plain, PLAIN_MANIFEST)
        bnd(build, plan, rule, plain, out, [])
    stamps.record(out, digest)
    return 1
