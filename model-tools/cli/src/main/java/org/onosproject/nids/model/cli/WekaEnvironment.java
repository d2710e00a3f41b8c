package org.onosproject.nids.model.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Sets Weka up to run self-contained before its first class loads. Weka's package manager starts with the first
 * classifier built: it makes a WEKA_HOME (by default ~/wekafiles) and loads the user's Weka packages from it, and it
 * probes native BLAS libraries. For reproducible runs that leave nothing behind, WEKA_HOME becomes a private
 * temporary directory deleted when the JVM exits, and the linear-algebra library uses its pure-Java implementation
 * (tree learners never call it; the native builds are not shipped).
 */
final class WekaEnvironment {

    private static boolean prepared;

    private WekaEnvironment() {
    }

    static synchronized void prepare() {
        if (prepared) {
            return;
        }
        System.setProperty("com.github.fommil.netlib.BLAS", "com.github.fommil.netlib.F2jBLAS");
        System.setProperty("com.github.fommil.netlib.LAPACK", "com.github.fommil.netlib.F2jLAPACK");
        System.setProperty("com.github.fommil.netlib.ARPACK", "com.github.fommil.netlib.F2jARPACK");
        try {
            Path wekaHome = Files.createTempDirectory("nids-model-weka-");
            System.setProperty("WEKA_HOME", wekaHome.toString());
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteRecursively(wekaHome)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a private WEKA_HOME", e);
        }
        prepared = true;
    }

    private static void deleteRecursively(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // Best effort at exit: a leftover empty directory in the temporary folder is harmless.
        }
    }
}
