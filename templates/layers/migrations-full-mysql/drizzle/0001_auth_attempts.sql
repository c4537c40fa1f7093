CREATE TABLE `auth_attempts` (
	`key` varchar(64) NOT NULL,
	`attempts` int NOT NULL,
	`window_ends_at` datetime(3) NOT NULL,
	CONSTRAINT `auth_attempts_key` PRIMARY KEY(`key`)
);
--> statement-breakpoint
CREATE INDEX `auth_attempts_window_ends_at_idx` ON `auth_attempts` (`window_ends_at`);