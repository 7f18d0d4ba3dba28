package org.gantry.runtime;

/**
 * What one task needs of a node.
 *
 * @param cpu      cores (whole cores, as OpenPAI's {@code resourcePerInstance.cpu})
 * @param memoryMB memory in MiB; the local executor enforces it
 * @param gpu      GPUs
 */
public record Resources(int cpu, int memoryMB, int gpu) {

    public static final Resources NONE = new Resources(0, 0, 0);

    public Resources {
        if (cpu < 0 || memoryMB < 0 || gpu < 0) {
            throw new IllegalArgumentException("resources cannot be negative: " + cpu + " cpu, "
                    + memoryMB + " MB, " + gpu + " gpu");
        }
    }

    public Resources plus(Resources other) {
        return new Resources(cpu + other.cpu, memoryMB + other.memoryMB, gpu + other.gpu);
    }

    public Resources minus(Resources other) {
        return new Resources(Math.max(0, cpu - other.cpu), Math.max(0, memoryMB - other.memoryMB),
                Math.max(0, gpu - other.gpu));
    }

    /** Whether {@code need} fits into these free resources. */
    public boolean fits(Resources need) {
        return need.cpu <= cpu && need.memoryMB <= memoryMB && need.gpu <= gpu;
    }

    @Override
    public String toString() {
        return cpu + " cpu, " + memoryMB + " MB, " + gpu + " gpu";
    }
}
