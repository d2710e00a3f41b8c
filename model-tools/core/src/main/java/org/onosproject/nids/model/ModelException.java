package org.onosproject.nids.model;

/**
 * A problem with a model, its data or its fit to the pipeline, told in one sentence a person can act on.
 * Every failure the model tools report to a user is one of these (or a subclass), so callers print
 * {@link #getMessage()} and need no stack trace.
 */
public class ModelException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ModelException(String message) {
        super(message);
    }

    public ModelException(String message, Throwable cause) {
        super(message, cause);
    }
}
