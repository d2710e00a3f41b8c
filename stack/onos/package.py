"""The boot features and the apps, written by ONOS's own packaging tools (tools/build/bazel/onos_app_tools.py,
osgi_feature_bundler.py, onos_app_bundler.py) with what osgi_feature / onos_app would pass them."""
import importlib.util
import os
import shutil

from . import KARAF_VERSION, ONOS_VERSION
from .common import ONOS_GROUP, say


def onos_tool(build, name, path="tools/build/bazel"):
    spec = importlib.util.spec_from_file_location(f"onos_{name}", build.source(path, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def feature_repo_path(build):
    return os.path.join(build.out, "onos-features.xml")


def feature_zip(build, feature):
    return os.path.join(build.out, f"feature-{feature.name}.zip")


def app_oar(build, app):
    return os.path.join(build.out, "apps", f"{app['name']}.oar")


def package(build, plan):
    """Cheap (under a second): always rewritten, the install compares the resulting tarball."""
    app_tools = onos_tool(build, "onos_app_tools")
    feature_bundler = onos_tool(build, "osgi_feature_bundler")
    app_bundler = onos_tool(build, "onos_app_bundler")

    def files_of(labels):
        return [(plan.jar(label), plan.coord(label).onos) for label in labels]

    # The feature repository (//tools/package/features:onos-features) and each feature's bundle zip.
    features = []
    for f in plan.features:
        features.append(app_tools.generateFeature(
            feature_name=f.name, version=ONOS_VERSION, title=f.attrs["description"],
            features=f.attrs["required_features"],
            bundles=[plan.coord(b).onos for b in f.attrs["included_bundles"]]))
        feature_bundler.writeFeatureBundle(feature_zip(build, f), files_of(f.attrs["included_bundles"]))
    with open(feature_repo_path(build), "w") as out:
        out.write('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                  f'<features xmlns="http://karaf.apache.org/xmlns/features/v1.2.0" name="onos-{ONOS_VERSION}">\n'
                  f'    <repository>mvn:org.apache.karaf.features/standard/{KARAF_VERSION}/xml/features</repository>\n'
                  + "".join(features) + "</features>\n")

    apps_dir = os.path.join(build.out, "apps")
    shutil.rmtree(apps_dir, ignore_errors=True)
    os.makedirs(apps_dir)
    for app in plan.apps:
        values = {"app_name": app["app_name"], "title": app["title"], "version": app["version"],
                  "origin": app["origin"], "category": app["category"], "url": app["url"],
                  "feature_repo_name": app["feature_coords"], "feature_name": app["feature_coords"].split(":")[2]}
        if app["description"]:
            values["description"] = app["description"]
        included = [plan.coord(b).onos for b in app["included_bundles"]]
        excluded = [plan.coord(b).onos for b in app["excluded_bundles"]]
        app_xml = os.path.join(apps_dir, f"{app['name']}-app-xml.xml")      # names the bundler recognises
        feature_xml = os.path.join(apps_dir, f"{app['name']}-feature-xml.xml")
        with open(app_xml, "w") as out:
            out.write(app_tools.generateAppFile(artifacts=included, apps=app["required_apps"],
                                                security=app["security"], **values))
        with open(feature_xml, "w") as out:
            out.write(app_tools.generateFeatureFile(
                features=[app_tools.generateFeature(bundles=included + excluded,
                                                    features=app["required_features"], **values)], **values))
        app_bundler.generateOar(app_oar(build, app), [
            (feature_xml, f"mvn:{ONOS_GROUP}:{app['name']}:xml:features:{ONOS_VERSION}"), (app_xml, "NONE")]
            + files_of(app["included_bundles"]))
    say(f"package: {len(plan.features)} boot features, {len(plan.apps)} apps")
