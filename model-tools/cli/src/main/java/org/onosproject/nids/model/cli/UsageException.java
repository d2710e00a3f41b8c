package org.onosproject.nids.model.cli;

import org.onosproject.nids.model.ModelException;

/** A command line the CLI cannot act on (unknown command or option, missing or malformed value). */
final class UsageException extends ModelException {

    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
