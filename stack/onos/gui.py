"""The legacy GUI bundle (//web/gui:onos-web-gui), assembled as web/gui/BUILD's genrules assemble it.

The genrules run `npm install` and gulp: bower fetches the vendor libraries from git hosts, gulp concatenates and
minifies app/ into dist/onos.js and dist/onos.css. Here the vendor libraries are the same versions from the npm
registry (fetch.GUI_VENDOR), and dist/ is the plain concatenation of the files the gulp tasks name, in their order
(not minified, no source maps): the browser runs the same code.
"""
import glob
import os
import re
import shutil
import tempfile
import zipfile

from . import fetch
from .common import BuildError, Inputs, run, say, write_jar

# The builder code whose edits change what this stage makes (common.py always counts).
CODE = [__file__] + [os.path.join(os.path.dirname(__file__), m) for m in ("fetch.py", "compile.py")]

WEBAPP = "web/gui/src/main/webapp"
GULP_BUNDLES = {"onos.js": "tools/gui/gulp-tasks/bundles/bundle-js/index.js",
                "onos.css": "tools/gui/gulp-tasks/bundles/bundle-css/index.js"}
# What the _onos-gui-npm-build genrule keeps of the webapp after gulp ran (besides dist/ and vendor/).
NPM_BUILD_KEEPS = ["data", "README.md", "_doc", "_dev", "app/fw", "app/*.css", "app/*.js", "app/*.txt"]


def bundle_patterns(build, task_file):
    """The `bundleFiles` list of a gulp task, in its order."""
    with open(build.source(task_file)) as f:
        text = f.read()
    m = re.search(r"const bundleFiles = \[(.*?)\];", text, re.S)
    if not m:
        raise BuildError(f"{task_file}: no bundleFiles list")
    return re.findall(r"'([^']+)'", re.sub(r"//[^\n]*", "", m.group(1)))


def concatenate(webapp, patterns, out):
    done = set()
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        for pattern in patterns:
            for path in sorted(glob.glob(os.path.join(webapp, pattern), recursive=True)):
                if path not in done and os.path.isfile(path):
                    done.add(path)
                    with open(path, encoding="utf-8") as part:
                        f.write(part.read() + "\n")


def web_gui(build, plan, stamps):
    out = plan.jar("//web/gui:onos-web-gui")
    webapp = build.source(WEBAPP)
    gui_jar = plan.jar("//web/gui:onos-gui-jar")
    tarballs = fetch.npm_packages(build)
    files = sorted(p for p in glob.glob(webapp + "/**", recursive=True) if os.path.isfile(p))
    digest = Inputs(*CODE).files(files + [gui_jar] + list(tarballs.values())
                            + [build.source(t) for t in GULP_BUNDLES.values()]).digest()
    if stamps.current(out, digest):
        return 0
    say("assemble //web/gui:onos-web-gui (legacy GUI)")
    groups = {name: plan.files.filegroups[f"//web/gui:{name}"]
              for name in ("_root_level_files", "_web_inf_classes_files", "_raw_classes_files")}
    with tempfile.TemporaryDirectory(dir=build.work) as tmp:
        root = os.path.join(tmp, "gui")
        classes = os.path.join(root, "WEB-INF", "classes")
        # _onos-gui-npm-build: dist/, vendor/ and the webapp parts it keeps
        fetch.vendor_files(tarballs, os.path.join(root, "vendor"))
        for name, task in GULP_BUNDLES.items():
            concatenate(webapp, bundle_patterns(build, task), os.path.join(root, "dist", name))
        for pattern in NPM_BUILD_KEEPS:
            for path in glob.glob(os.path.join(webapp, pattern)):
                target = os.path.join(root, os.path.relpath(path, webapp))
                if os.path.isdir(path):
                    shutil.copytree(path, target)
                else:
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    shutil.copy(path, target)
        # _app_view_tar -> WEB-INF/classes/app/view; the filegroups as the onos-web-gui genrule places them
        shutil.copytree(os.path.join(webapp, "app", "view"), os.path.join(classes, "app", "view"))
        for path in groups["_root_level_files"]:
            shutil.copy(build.source("web/gui", path), root)
        for path in groups["_web_inf_classes_files"]:
            shutil.copy(build.source("web/gui", path), classes)
        os.makedirs(os.path.join(classes, "raw"))
        for path in groups["_raw_classes_files"]:
            shutil.copy(build.source("web/gui", path), os.path.join(classes, "raw"))
        with zipfile.ZipFile(gui_jar) as z:
            z.extractall(root)
            manifest = z.read("META-INF/MANIFEST.MF").decode()
        write_jar(root, out, manifest)
    if not _parses(build, out):
        raise BuildError("dist/onos.js of the GUI does not parse (node --check)")
    stamps.record(out, digest)
    return 1


def _parses(build, jar):
    """node --check over the concatenated dist/onos.js, when node is there (npm brings it)."""
    if not shutil.which("node"):
        return True
    with tempfile.TemporaryDirectory(dir=build.work) as tmp:
        with zipfile.ZipFile(jar) as z:
            z.extract("dist/onos.js", tmp)
        try:
            run(["node", "--check", os.path.join(tmp, "dist", "onos.js")], what="node --check dist/onos.js")
        except BuildError:
            return False
    return True
