package org.onosproject.nids.model.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.onosproject.nids.model.ModelException;

/**
 * Options of one subcommand: {@code --name value} pairs and bare {@code --flag}s, each declared by the command so a
 * misspelt option is an error rather than silently ignored.
 */
final class Arguments {

    private final String command;
    private final Map<String, String> values = new HashMap<>();
    private final Set<String> flags = new HashSet<>();

    private Arguments(String command) {
        this.command = command;
    }

    /**
     * @param valued options that take a value
     * @param bare   options that do not
     */
    static Arguments parse(String command, List<String> args, Set<String> valued, Set<String> bare) {
        Arguments parsed = new Arguments(command);
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String name = arg;
            String inlineValue = null;
            int equals = arg.indexOf('=');
            if (arg.startsWith("--") && equals > 0) {
                name = arg.substring(0, equals);
                inlineValue = arg.substring(equals + 1);
            }
            if (valued.contains(name)) {
                String value = inlineValue;
                if (value == null) {
                    if (i + 1 >= args.size()) {
                        throw new UsageException(command + ": option " + name + " needs a value");
                    }
                    value = args.get(++i);
                }
                if (parsed.values.put(name, value) != null) {
                    throw new UsageException(command + ": option " + name + " given twice");
                }
            } else if (bare.contains(name) && inlineValue == null) {
                parsed.flags.add(name);
            } else {
                throw new UsageException(command + ": unknown option " + arg);
            }
        }
        return parsed;
    }

    Optional<String> value(String name) {
        return Optional.ofNullable(values.get(name));
    }

    String required(String name) {
        return value(name).orElseThrow(() -> new UsageException(command + ": option " + name + " is required"));
    }

    boolean flag(String name) {
        return flags.contains(name);
    }

    Optional<Integer> integer(String name, int min) {
        Optional<String> text = value(name);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            int value = Integer.parseInt(text.get().trim());
            if (value < min) {
                throw new UsageException(command + ": " + name + " must be at least " + min + ", not " + value);
            }
            return Optional.of(value);
        } catch (NumberFormatException e) {
            throw new UsageException(command + ": " + name + " needs an integer, not '" + text.get() + "'");
        }
    }

    Optional<Long> longValue(String name) {
        Optional<String> text = value(name);
        try {
            return text.map(t -> Long.parseLong(t.trim()));
        } catch (NumberFormatException e) {
            throw new UsageException(command + ": " + name + " needs an integer, not '" + text.get() + "'");
        }
    }

    Optional<Double> fraction(String name) {
        Optional<String> text = value(name);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            double value = Double.parseDouble(text.get().trim());
            if (!(value >= 0 && value < 1)) {
                throw new UsageException(command + ": " + name + " must be in [0, 1), not " + value);
            }
            return Optional.of(value);
        } catch (NumberFormatException e) {
            throw new UsageException(command + ": " + name + " needs a number, not '" + text.get() + "'");
        }
    }

    /** The option's path, which must name an existing regular file. */
    Path existingFile(String name) {
        return existingFile(Paths.get(required(name)));
    }

    static Path existingFile(Path path) {
        if (!Files.exists(path)) {
            throw new ModelException("no such file: " + path);
        }
        if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
            throw new ModelException("not a readable file: " + path);
        }
        return path;
    }

    /** {@code a.pcap,b.pcap}: existing files, in order. */
    static List<Path> existingFiles(String list) {
        List<Path> files = new java.util.ArrayList<>();
        for (String name : list.split(",")) {
            files.add(existingFile(java.nio.file.Paths.get(name.trim())));
        }
        return files;
    }
}
