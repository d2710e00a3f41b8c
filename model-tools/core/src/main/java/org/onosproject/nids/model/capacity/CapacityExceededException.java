package org.onosproject.nids.model.capacity;

import org.onosproject.nids.model.ModelException;

/** A model that does not fit the pipeline; the message says where and by how much. */
public class CapacityExceededException extends ModelException {

    private static final long serialVersionUID = 1L;

    public CapacityExceededException(String message) {
        super(message);
    }
}
