package org.gantry.usage;

import org.gantry.storage.StorageService;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Chooses where the history exports go: the storage named by {@code gantry.usage.export-storage}
 * when set, the directory {@code gantry.usage.export-directory} otherwise (decision 0052).
 */
@Configuration(proxyBeanMethods = false)
class ExportStores {

    @Bean
    ExportStore exportStore(UsageProperties properties, ObjectProvider<StorageService> storages) {
        if (properties.exportStorage().isEmpty()) {
            return new DirectoryExportStore(properties);
        }
        return new StorageExportStore(storages.getObject(), properties.exportStorage(),
                properties.exportStoragePath());
    }
}
