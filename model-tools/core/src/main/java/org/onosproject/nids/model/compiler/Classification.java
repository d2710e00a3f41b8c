package org.onosproject.nids.model.compiler;

/** A classifier's answer for one flow: class id and leaf id (leaf 0: no decision entry matched → benign). */
public final class Classification {

    /** What the data plane answers when no decision entry matches. */
    public static final Classification NO_MATCH = new Classification(0, 0);

    private final int classId;
    private final int leafId;

    public Classification(int classId, int leafId) {
        this.classId = classId;
        this.leafId = leafId;
    }

    public int classId() {
        return classId;
    }

    public int leafId() {
        return leafId;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Classification && ((Classification) other).classId == classId
                && ((Classification) other).leafId == leafId;
    }

    @Override
    public int hashCode() {
        return 31 * classId + leafId;
    }

    @Override
    public String toString() {
        return "class " + classId + " leaf " + leafId;
    }
}
