package org.gantry.bench;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What one durable commit costs on this machine: PostgreSQL set up as Gantry's embedded one
 * (fsync and synchronous_commit on, data under target/bench), one-row transactions committed
 * one after the other as a job's steps are. A job of the chain waits for three of them in turn
 * (its submission, its claim, its end; decision 0005), so three times this is part of the floor
 * under {@code bench/runtime.sh chain}.
 */
final class CommitFloor {

    private CommitFloor() {
    }

    static void run(int commits) throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "bench", "commit-" + System.currentTimeMillis())
                .toAbsolutePath());
        try (EmbeddedPostgres pg = EmbeddedPostgres.builder().setDataDirectory(dir).setCleanDataDirectory(true)
                .setServerConfig("fsync", "on").setServerConfig("synchronous_commit", "on").start();
             Connection db = pg.getPostgresDatabase().getConnection()) {
            try (java.sql.Statement create = db.createStatement()) {
                create.execute("create table step (id bigserial primary key, at timestamptz not null)");
            }
            db.setAutoCommit(false);
            List<Double> millis = new ArrayList<>();
            try (PreparedStatement insert = db.prepareStatement("insert into step (at) values (now())")) {
                for (int i = 0; i < commits + 50; i++) {
                    long start = System.nanoTime();
                    insert.executeUpdate();
                    db.commit();
                    if (i >= 50) {
                        millis.add((System.nanoTime() - start) / 1e6);
                    }
                }
            }
            Collections.sort(millis);
            System.out.printf("durable commit of a one-row transaction (%d, after 50 warm-up): p50 %.2f ms, p99 %.2f"
                    + " ms; a chain job waits for three in turn: %.1f ms at p50%n", commits,
                    RuntimeBench.percentile(millis, 50), RuntimeBench.percentile(millis, 99),
                    3 * RuntimeBench.percentile(millis, 50));
        }
    }
}
