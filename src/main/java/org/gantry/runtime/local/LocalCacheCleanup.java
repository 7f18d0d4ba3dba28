package org.gantry.runtime.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.gantry.deps.EnvCache;
import org.gantry.runtime.RuntimeProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Deletes the pip and conda envs that no local task used for
 * {@code gantry.runtime.local.cache-retention} (default 30 days; 0 keeps them for ever), from
 * every task account's cache directory, an hour after start and every six hours.
 */
@Component
class LocalCacheCleanup {

    private static final Logger log = LoggerFactory.getLogger(LocalCacheCleanup.class);

    private final Path cacheRoot;
    private final Duration retention;
    private final Clock clock;

    LocalCacheCleanup(LocalExecutor executor, RuntimeProperties settings, Clock clock) {
        this.cacheRoot = executor.tasksDir().resolve(".cache");
        this.retention = settings.local().cacheRetention();
        this.clock = clock;
    }

    @Scheduled(initialDelayString = "PT1H", fixedDelayString = "PT6H")
    void scheduled() {
        clean();
    }

    /** One cleanup of every account's cache; what it deleted. */
    EnvCache.Cleaned clean() {
        EnvCache.Cleaned total = EnvCache.Cleaned.NONE;
        if (retention.isZero() || !Files.isDirectory(cacheRoot)) {
            return total;
        }
        List<Path> accounts;
        try (Stream<Path> list = Files.list(cacheRoot)) {
            accounts = list.filter(Files::isDirectory).toList();
        } catch (IOException e) {
            log.warn("Cannot list the task caches in {}: {}", cacheRoot, e.getMessage());
            return total;
        }
        for (Path account : accounts) {
            try {
                EnvCache.Cleaned cleaned = EnvCache.clean(account, retention, clock.instant());
                total = total.plus(cleaned);
            } catch (IOException e) {
                log.warn("Cannot clean the task cache {}: {}", account, e.getMessage());
            }
        }
        if (!total.isEmpty()) {
            log.info("Task caches: deleted {} envs unused for {} and {} abandoned builds ({} MiB)", total.envs(),
                    retention, total.abandonedBuilds(), total.bytes() / (1024 * 1024));
        }
        return total;
    }
}
