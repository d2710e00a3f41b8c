package org.onosproject.nids.model.bundle;

import org.onosproject.nids.model.ModelException;

/** A model bundle that cannot be read: not JSON, an unknown schema version, or not matching the schema. */
public class ModelFormatException extends ModelException {

    private static final long serialVersionUID = 1L;

    public ModelFormatException(String message) {
        super(message);
    }

    public ModelFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
