package org.gantry.diagnostics;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** Settings of failure diagnostics. */
@ConfigurationProperties("gantry.diagnostics")
public class DiagnosticsProperties {

    /** How much of the end of a task's stdout and of its stderr a diagnosis reads, in bytes. */
    private long tailBytes = 10L * 1024 * 1024;

    /** Time each input a job names may take to be found before its tasks are admitted. */
    private java.time.Duration inputTimeout = java.time.Duration.ofSeconds(5);

    /**
     * Where hdfs:// inputs are checked over WebHDFS ({@code http://namenode:9870}); empty: not
     * over WebHDFS.
     */
    private String webhdfsUrl = "";

    /**
     * The {@code hdfs} command that checks hdfs:// inputs ({@code hdfs dfs -test -e URI}) when no
     * WebHDFS URL is set; empty: hdfs:// inputs are reported as not checked.
     */
    private String hdfsCommand = "";

    public String getWebhdfsUrl() {
        return webhdfsUrl;
    }

    public void setWebhdfsUrl(String webhdfsUrl) {
        this.webhdfsUrl = webhdfsUrl == null ? "" : webhdfsUrl.strip().replaceAll("/+$", "");
    }

    public String getHdfsCommand() {
        return hdfsCommand;
    }

    public void setHdfsCommand(String hdfsCommand) {
        this.hdfsCommand = hdfsCommand == null ? "" : hdfsCommand.strip();
    }

    public java.time.Duration getInputTimeout() {
        return inputTimeout;
    }

    public void setInputTimeout(java.time.Duration inputTimeout) {
        this.inputTimeout = inputTimeout;
    }

    public long getTailBytes() {
        return tailBytes;
    }

    public void setTailBytes(long tailBytes) {
        this.tailBytes = tailBytes;
    }
}
