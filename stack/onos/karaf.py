"""Karaf 4.2.9 as ONOS ships it: ONOS's `tools/package/onos-prep-karaf` over the Karaf tarball from Maven Central,
with the branding jar and the log4j2-extra fragment; plus the bundles of the Karaf features ONOS boots.

ONOS's build starts from an "offline" Karaf (org.onosproject:apache-karaf-offline, made by booting Karaf once, not on
Maven Central) whose system/ already holds those bundles. Here karaf-maven-plugin's features-add-to-repository
resolves the same features into a repository that goes into system/.
"""
import os
import shutil
import tempfile
import zipfile

from . import KARAF_VERSION, ONOS_VERSION, fetch
from .common import Inputs, PLAIN_MANIFEST, Stamps, run, say, write_jar
from .compile import bnd

# The builder code whose edits change what this stage makes (common.py always counts).
CODE = [__file__] + [os.path.join(os.path.dirname(__file__), m) for m in ("fetch.py", "compile.py")]

# Karaf standard features ONOS boots (tools/package/etc/org.apache.karaf.features.cfg) or requires.
KARAF_FEATURES = ["instance", "package", "log", "ssh", "framework", "system", "eventadmin", "feature", "shell",
                  "management", "service", "jaas", "deployer", "diagnostic", "wrap", "bundle", "config", "kar",
                  "webconsole", "scr", "war"]
KARAF_DESCRIPTORS = ["framework", "standard", "enterprise", "spring"]


def karaf_zip(build):
    return os.path.join(build.out, "karaf.zip")


def features_zip(build):
    return os.path.join(build.out, "karaf-features.zip")


def karaf(build, plan):
    stamps = Stamps(build)
    package_files = sorted(os.path.join(d, f) for d, _, fs in os.walk(build.source("tools", "package")) for f in fs)
    digest = Inputs(*CODE).files([fetch.KARAF.path(build.m2)] + package_files).digest()
    if stamps.current(karaf_zip(build), digest):
        say("karaf: prepared Karaf up to date")
    else:
        prepare(build, plan)
        stamps.record(karaf_zip(build), digest)
    digest = Inputs(*CODE).value([KARAF_FEATURES, KARAF_DESCRIPTORS]).digest()
    if stamps.current(features_zip(build), digest):
        say("karaf: standard-feature bundles up to date")
    else:
        standard_features(build)
        stamps.record(features_zip(build), digest)


def prepare(build, plan):
    with tempfile.TemporaryDirectory(dir=build.work) as tmp:
        # //tools/package/branding: a plain jar of its resources
        branding = os.path.join(tmp, "onos-tools-package-branding.jar")
        write_jar(build.source("tools/package/branding/src/main/resources"), branding, PLAIN_MANIFEST)
        # //tools/package/log4j2-extra: a fragment of pax-logging-log4j2, an empty jar wrapped by bnd
        empty_dir = os.path.join(tmp, "empty")
        os.makedirs(empty_dir)
        shutil.copy(build.source("tools/package/log4j2-extra/empty.txt"), empty_dir)
        empty = os.path.join(tmp, "empty.jar")
        write_jar(empty_dir, empty, PLAIN_MANIFEST)
        log4j2_extra = os.path.join(tmp, "onos-log4j2-extra.jar")
        bnd(build, plan, plan.files.rule("//tools/package/log4j2-extra:onos-log4j2-extra"), empty, log4j2_extra, [])
        # onos-prep-karaf edits bin/ of the tree it is given: give it a copy, as Bazel's sandbox does.
        sandbox = os.path.join(tmp, "package")
        shutil.copytree(build.source("tools/package"), sandbox)
        workdir = os.path.join(tmp, "run")
        os.makedirs(workdir)
        out = karaf_zip(build)
        if os.path.exists(out):
            os.remove(out)
        run(["bash", os.path.join(sandbox, "onos-prep-karaf"), out, fetch.KARAF.path(build.m2), ONOS_VERSION,
             branding, "", log4j2_extra, sandbox], cwd=workdir, what="onos-prep-karaf")
    say("karaf: Karaf prepared by onos-prep-karaf")


def standard_features(build):
    repo = os.path.join(build.work, "karaf-features-repo")
    shutil.rmtree(repo, ignore_errors=True)
    descriptors = "".join(f"<descriptor>mvn:org.apache.karaf.features/{d}/{KARAF_VERSION}/xml/features</descriptor>"
                          for d in KARAF_DESCRIPTORS)
    features = "".join(f"<feature>{f}</feature>" for f in KARAF_FEATURES)
    fetch.mvn(build, "karaf-features", f"""      <plugin>
        <groupId>org.apache.karaf.tooling</groupId><artifactId>karaf-maven-plugin</artifactId>
        <version>{KARAF_VERSION}</version>
        <executions><execution><id>features</id><phase>validate</phase>
          <goals><goal>features-add-to-repository</goal></goals>
          <configuration>
            <descriptors>{descriptors}</descriptors>
            <features>{features}</features>
            <repository>{repo}</repository>
          </configuration>
        </execution></executions>
      </plugin>""")
    tmp = features_zip(build) + ".part"
    count = 0
    with zipfile.ZipFile(tmp, "w") as z:
        for here, dirs, files in os.walk(repo):
            dirs.sort()
            for name in sorted(files):
                if name.startswith("_") or name.endswith((".sha1", ".md5", ".lastUpdated", ".repositories")):
                    continue
                path = os.path.join(here, name)
                z.write(path, os.path.relpath(path, repo))
                count += 1
    os.replace(tmp, features_zip(build))
    say(f"karaf: {count} files of Karaf's standard features for system/")
