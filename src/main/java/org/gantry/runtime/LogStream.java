package org.gantry.runtime;

/** A task's output streams, kept per attempt. */
public enum LogStream {
    STDOUT("stdout.log"),
    STDERR("stderr.log");

    private final String fileName;

    LogStream(String fileName) {
        this.fileName = fileName;
    }

    /** The file the runner writes the stream to, in the attempt's directory. */
    public String fileName() {
        return fileName;
    }
}
